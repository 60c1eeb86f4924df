import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationPreference } from '../queries';
import { NotificationSettingsPage } from './notification-settings-page';
import { renderWithApp, serve, type Sent } from './test-harness';

const preferences: NotificationPreference[] = [
  { type: 'mention', description: 'Someone mentioned you.', inApp: true, email: true },
  { type: 'reply', description: 'Someone replied in your thread.', inApp: true, email: false },
];

/** The server: preferences as `current`, a PUT answered by `onPut`; no mutes. */
function server(
  onPut: (request: Sent) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>,
) {
  return serve((request) => {
    if (request.method === 'GET' && request.path === '/notifications/preferences')
      return { status: 200, body: preferences };
    if (request.method === 'GET' && request.path === '/notifications/mutes') return { status: 200, body: [] };
    if (request.method === 'PUT' && request.path === '/notifications/preferences') return onPut(request);
    return { status: 404, body: { error: 'Not found' } };
  });
}

const box = (name: RegExp) => screen.findByRole('checkbox', { name }) as Promise<HTMLInputElement>;

describe('Settings → Notifications: email per type', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists every type with its description, in the inbox always, and the mail-server note', async () => {
    server(() => ({ status: 500 }));
    await renderWithApp(<NotificationSettingsPage />);
    const mention = await box(/Email me about mentions/);
    expect(mention.checked).toBe(true);
    expect(mention.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(mention.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Someone mentioned you.',
    );
    expect((await box(/Email me about replies/)).checked).toBe(false);
    expect(screen.getAllByText('Always')).toHaveLength(2);
    expect(screen.getByText(/Email is sent when the workspace has a mail server/)).toBeTruthy();
    expect(screen.getByText('You have not muted anything.')).toBeTruthy();
  });

  it('saves one type at once and keeps what the server answered', async () => {
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const sent = server(async () => {
      await answered;
      return { status: 200, body: preferences.map((p) => (p.type === 'reply' ? { ...p, email: true } : p)) };
    });
    await renderWithApp(<NotificationSettingsPage />);
    const user = userEvent.setup();
    await user.click(await box(/Email me about replies/));
    // Checked before the server has answered.
    expect((await box(/Email me about replies/)).checked).toBe(true);
    release();
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/notifications/preferences', body: { email: { reply: true } } },
      ]),
    );
    await waitFor(async () => expect((await box(/Email me about replies/)).checked).toBe(true));
    expect((await box(/Email me about mentions/)).checked).toBe(true);
  });

  it('puts the box back and shows the server’s message when the change is refused', async () => {
    server(() => ({ status: 400, body: { error: 'email: unknown notification type', code: 'VALIDATION_ERROR' } }));
    await renderWithApp(<NotificationSettingsPage />);
    const user = userEvent.setup();
    await user.click(await box(/Email me about mentions/));
    expect(await screen.findByText('email: unknown notification type')).toBeTruthy();
    expect(screen.getByText('Could not turn email off for “Mentions”')).toBeTruthy();
    await waitFor(async () => expect((await box(/Email me about mentions/)).checked).toBe(true));
  });
});
