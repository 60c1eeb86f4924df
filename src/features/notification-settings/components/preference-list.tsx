import { useSuspenseQuery } from '@tanstack/react-query';
import { DataTable } from '@/ui';
import { useSetEmailPreference } from '../mutations';
import { notificationSettingsQueries } from '../queries';
import { typeTitle } from '../type-titles';

/**
 * Every notification type: what it means, in the inbox always, by email as chosen. A box saves as
 * soon as it changes (see `useSetEmailPreference`).
 */
export function PreferenceList() {
  const preferences = useSuspenseQuery(notificationSettingsQueries.preferences()).data;
  const setEmail = useSetEmailPreference();
  return (
    <section className="card" aria-labelledby="notification-types-heading">
      <div className="card-header">
        <h2 id="notification-types-heading">What you are notified about</h2>
        <p className="muted">
          Everything appears in your inbox. Choose what is also sent to you by email: unread notifications are gathered
          into one message a few minutes after the first.
        </p>
        <p className="muted" id="notification-email-note">
          Email is sent when the workspace has a mail server; without one, your choices are kept for when it does.
        </p>
      </div>
      <DataTable aria-labelledby="notification-types-heading" className="notification-types">
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">In your inbox</th>
            <th scope="col">By email</th>
          </tr>
        </thead>
        <tbody>
          {preferences.map((preference) => {
            const title = typeTitle(preference.type);
            const descriptionId = `notification-type-${preference.type}-description`;
            return (
              <tr key={preference.type}>
                <td>
                  <strong>{title}</strong>
                  <div className="muted" id={descriptionId}>
                    {preference.description}
                  </div>
                </td>
                <td data-label="In your inbox">Always</td>
                <td data-label="By email">
                  <label className="row notification-email-toggle">
                    <input
                      type="checkbox"
                      checked={preference.email}
                      aria-describedby={descriptionId}
                      onChange={(event) => setEmail.mutate({ type: preference.type, email: event.target.checked })}
                    />
                    <span>
                      Email<span className="visually-hidden"> me about {title.toLowerCase()}</span>
                    </span>
                  </label>
                </td>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </section>
  );
}
