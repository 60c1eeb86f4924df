import { type FormEvent, useState } from 'react';
import { errorMessage, isApiError } from '@/api';
import { Button, FormError, SelectField, TextField } from '@/ui';
import { useCreateInvitation } from '../mutations';
import type { CompanyRole, Invitation } from '../queries';
import { InvitationLink } from './invitation-link';

const EMAIL_MAX = 254;

/**
 * Email and role of a new invitation. Once created, its link is shown with a Copy button (it
 * works whether or not an email went out); a refusal keeps what was typed.
 */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('member');
  const [created, setCreated] = useState<{ invitation: Invitation; emailSent: boolean } | null>(null);
  const create = useCreateInvitation();
  const error = create.error;
  // "Already a member" belongs to the email field; anything else above the form.
  const emailError = isApiError(error)
    ? (error.fieldError('email') ?? (error.code === 'ALREADY_MEMBER' ? error.message : undefined))
    : undefined;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { email: email.trim(), role },
      {
        onSuccess: (result) => {
          setEmail('');
          setCreated(result);
        },
      },
    );
  }

  return (
    <div className="stack">
      <form className="stack" onSubmit={handleSubmit} aria-labelledby="invite-heading" noValidate>
        <h2 id="invite-heading">Invite someone</h2>
        {error && !emailError && <FormError message={errorMessage(error)} />}
        <div className="invite-fields">
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="off"
            placeholder="name@company.com"
            required
            maxLength={EMAIL_MAX}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError}
          />
          <SelectField label="Role" value={role} onChange={(event) => setRole(event.target.value as CompanyRole)}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </SelectField>
        </div>
        <p className="field-description">
          {role === 'admin'
            ? 'Admins can also invite and remove people, change roles, edit the organization chart and create API keys.'
            : 'Members work on projects, the wiki and files; admins manage people and settings.'}
        </p>
        <div>
          <Button type="submit" variant="primary" busy={create.isPending} disabled={email.trim().length === 0}>
            Create invitation
          </Button>
        </div>
      </form>
      {created && (
        <InvitationCreated
          key={created.invitation.id}
          invitation={created.invitation}
          emailSent={created.emailSent}
          onDone={() => setCreated(null)}
        />
      )}
    </div>
  );
}

/** The new invitation's link, and whether it went out by email. */
function InvitationCreated({
  invitation,
  emailSent,
  onDone,
}: {
  invitation: Invitation;
  emailSent: boolean;
  onDone: () => void;
}) {
  return (
    <div className="invitation-created stack">
      <p role="status">
        <strong>Invitation created for {invitation.email}.</strong>{' '}
        {emailSent
          ? 'We emailed them the link. You can also copy it and send it yourself.'
          : 'No email was sent: copy the link and send it to them yourself.'}
      </p>
      {invitation.link && <InvitationLink link={invitation.link} email={invitation.email} />}
      <p className="muted">
        The link works once and expires in 7 days. Anyone with it can join as{' '}
        {invitation.role === 'admin' ? 'an admin' : 'a member'}, so send it only to {invitation.email}.
      </p>
      <div>
        <Button size="small" variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
