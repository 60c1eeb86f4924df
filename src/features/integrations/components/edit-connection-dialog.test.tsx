import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IntegrationConnection, IntegrationProvider } from '@/api';
import { integrationQueries } from '../queries';
import { EditConnectionDialog } from './edit-connection-dialog';

const github: IntegrationProvider = {
  key: 'github',
  name: 'GitHub',
  description: 'Repositories, issues and pull requests.',
  credentialFields: [
    { name: 'token', label: 'Access token', secret: true, optional: false },
    { name: 'organization', label: 'Organization', secret: false, optional: true },
  ],
};

const base: IntegrationConnection = {
  id: '00000000-0000-4000-8000-000000000060',
  version: 1,
  providerKey: 'github',
  displayName: 'GitHub (acme)',
  status: 'active',
  statusMessage: null,
  ownership: 'company',
  ownerUserId: null,
  createdBy: null,
  createdByName: 'Ada Lovelace',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2027-06-30T21:59:59.999Z',
  revokedAt: null,
  credentialFields: ['token'],
  grantCount: 1,
};

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const body: unknown = await request.json();
      sent.push(body);
      return Response.json({ ...base, ...(body as object) }, { status: 200 });
    }),
  );
  return sent;
}

function renderDialog(connection: IntegrationConnection) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(integrationQueries.providers().queryKey, [github]);
  client.setQueryData(integrationQueries.connections().queryKey, [connection]);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <EditConnectionDialog connection={connection} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = within(screen.getByRole('dialog'));
  return { dialog, onClose, save: dialog.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement };
}

beforeAll(() => {
  // happy-dom's <dialog> lacks showModal/close.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => vi.unstubAllGlobals());

describe('EditConnectionDialog', () => {
  it('sends only what changed: a new name and new credentials (which make it active on their own)', async () => {
    const sent = serve();
    const { dialog, onClose, save } = renderDialog({ ...base, status: 'error', statusMessage: 'Bad token' });
    const user = userEvent.setup();
    await user.clear(dialog.getByLabelText('Display name'));
    await user.type(dialog.getByLabelText('Display name'), 'GitHub (acme org)');
    await user.click(dialog.getByRole('checkbox', { name: /Replace the credentials/ }));
    const token = dialog.getByLabelText('Access token');
    expect(token.getAttribute('type')).toBe('password');
    // A required credential is missing: nothing to save yet.
    expect(save.disabled).toBe(true);
    await user.type(token, 'ghp_new');
    await user.click(dialog.getByRole('radio', { name: /Active/ }));
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ displayName: 'GitHub (acme org)', credentials: { token: 'ghp_new' }, baseVersion: 1 }]);
  });

  it('a rename someone else made meanwhile is shown with their name; saving again replaces it on their version', async () => {
    const sent: unknown[] = [];
    const theirs = { ...base, displayName: 'GitHub (Max)', version: 2 };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const body = (await request.json()) as { baseVersion?: number };
        sent.push(body);
        if (body.baseVersion === 1) {
          return Response.json(
            {
              error: 'Someone else changed the displayName of this connection since your version: nothing was stored',
              code: 'EDIT_CONFLICT',
              fields: ['displayName'],
              current: theirs,
            },
            { status: 412 },
          );
        }
        return Response.json({ ...theirs, ...body, version: 3 }, { status: 200 });
      }),
    );
    const { dialog, onClose, save } = renderDialog(base);
    const user = userEvent.setup();
    await user.clear(dialog.getByLabelText('Display name'));
    await user.type(dialog.getByLabelText('Display name'), 'GitHub (Ada)');
    await user.click(save);
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('Theirs: “GitHub (Max)”');
    expect(alert.textContent).toContain('save again to replace theirs');
    expect(onClose).not.toHaveBeenCalled();
    expect((dialog.getByLabelText('Display name') as HTMLInputElement).value).toBe('GitHub (Ada)');

    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { displayName: 'GitHub (Ada)', baseVersion: 1 },
      { displayName: 'GitHub (Ada)', baseVersion: 2 },
    ]);
  });

  it('marks a connection in error only with a message, and active again without one', async () => {
    let sent = serve();
    const first = renderDialog(base);
    const user = userEvent.setup();
    await user.click(first.dialog.getByRole('radio', { name: /Error/ }));
    expect(first.save.disabled).toBe(true);
    await user.type(first.dialog.getByLabelText('What is wrong'), 'Token revoked on GitHub');
    await user.click(first.save);
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ status: 'error', statusMessage: 'Token revoked on GitHub', baseVersion: 1 }]);

    cleanup();
    sent = serve();
    const second = renderDialog({ ...base, status: 'error', statusMessage: 'Token revoked on GitHub' });
    expect((second.dialog.getByRole('radio', { name: /Error/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(second.dialog.getByRole('radio', { name: /Active/ }));
    await user.click(second.save);
    await waitFor(() => expect(second.onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ status: 'active', statusMessage: null, baseVersion: 1 }]);
  });

  it('clearing the expiry sends null; saving nothing changed just closes', async () => {
    const sent = serve();
    const first = renderDialog(base);
    const user = userEvent.setup();
    await user.clear(first.dialog.getByLabelText('Expires on (optional)'));
    await user.click(first.save);
    await waitFor(() => expect(first.onClose).toHaveBeenCalled());
    expect(sent).toEqual([{ expiresAt: null, baseVersion: 1 }]);

    cleanup();
    const second = renderDialog(base);
    await user.click(second.save);
    expect(second.onClose).toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});
