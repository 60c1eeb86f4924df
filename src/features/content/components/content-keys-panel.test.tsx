import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/api';
import type { ContentKey } from '../queries';
import { ContentKeysPanel } from './content-keys-panel';
import { renderWithApp, serve, testKey, type Sent } from './test-harness';

const secret = 'cak_Zy98Xw76Vu54Ts32Rq10PoNmLkJiHgFe';

function me(manageContent: boolean): Me {
  return {
    company: { id: 'c1', name: 'Acme' },
    permissions: { manageContent },
  } as unknown as Me;
}

/** The server's keys; POST and DELETE answered by the given functions (default: success). */
function server({
  keys = [testKey()],
  onCreate,
  onRevoke,
}: {
  keys?: ContentKey[];
  onCreate?: (request: Sent) => { status: number; body?: unknown } | undefined;
  onRevoke?: (request: Sent) => { status: number; body?: unknown } | undefined;
} = {}) {
  let current = keys;
  return serve((request) => {
    if (request.method === 'GET' && request.path === '/content-keys') return { status: 200, body: current };
    if (request.method === 'POST' && request.path === '/content-keys') {
      const answer = onCreate?.(request);
      if (answer) return answer;
      const key = testKey({
        id: '44444444-4444-4444-8444-444444444444',
        name: (request.body as { name: string }).name,
        prefix: secret.slice(0, 10),
      });
      current = [key, ...current];
      return { status: 201, body: { key, secret } };
    }
    if (request.method === 'DELETE') {
      const answer = onRevoke?.(request);
      if (answer) return answer;
      current = current.map((key) =>
        request.path.endsWith(key.id) ? { ...key, revokedAt: '2026-11-22T10:00:00.000Z' } : key,
      );
      return { status: 204 };
    }
    return { status: 404, body: { error: 'Not found' } };
  });
}

/** The table row whose key is called `name`. */
async function row(name: string) {
  const table = await screen.findByRole('table', { name: 'Content keys' });
  const found = within(table)
    .getAllByRole('row')
    .find((each) => each.querySelector('strong')?.textContent === name);
  if (!found) throw new Error(`no row for ${name}`);
  return within(found);
}

describe('Settings → Content keys', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('creates a key: the secret once, with Copy and a request to try, and the key in the list', async () => {
    const sent = server();
    await renderWithApp(<ContentKeysPanel me={me(true)} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Docs site ');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Copy your new content key “Docs site”' }));
    expect((dialog.getByRole('textbox', { name: 'Content key' }) as HTMLInputElement).value).toBe(secret);
    expect(dialog.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(
      dialog.getByText(`curl -H "Authorization: Bearer ${secret}" ${window.location.origin}/api/content/items`),
    ).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Copy command' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      { method: 'POST', path: '/content-keys', body: { name: 'Docs site' } },
    ]);
    await user.click(dialog.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText(secret)).toBeNull();
    expect((await row('Docs site')).getByText('Live')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s refusal and keeps the name', async () => {
    server({
      onCreate: () => ({
        status: 409,
        body: { error: 'A company holds at most 20 live content keys: revoke one first.', code: 'CONFLICT' },
      }),
    });
    await renderWithApp(<ContentKeysPanel me={me(true)} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('A company holds at most 20 live content keys: revoke one first.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('One too many');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('revokes after confirming: revoked at once, focus on the heading', async () => {
    const sent = server();
    await renderWithApp(<ContentKeysPanel me={me(true)} />);
    const user = userEvent.setup();
    await user.click((await row('Marketing site')).getByRole('button', { name: 'Revoke Marketing site' }));
    const dialog = within(screen.getByRole('alertdialog', { name: 'Revoke “Marketing site”?' }));
    await user.click(dialog.getByRole('button', { name: 'Revoke key' }));
    expect((await row('Marketing site')).getByText(/Revoked/)).toBeTruthy();
    expect((await row('Marketing site')).queryByRole('button', { name: 'Revoke Marketing site' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Content keys' })));
    expect(sent.filter((request) => request.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: `/content-keys/${testKey().id}` },
    ]);
    expect(await screen.findByText('Revoked “Marketing site”')).toBeTruthy();
  });

  it('puts the key back as live with the server’s message when revoking fails', async () => {
    server({ onRevoke: () => ({ status: 503, body: { error: 'The database is busy; try again' } }) });
    await renderWithApp(<ContentKeysPanel me={me(true)} />);
    const user = userEvent.setup();
    await user.click((await row('Marketing site')).getByRole('button', { name: 'Revoke Marketing site' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('The database is busy; try again')).toBeTruthy();
    expect(screen.getByText('Could not revoke “Marketing site”')).toBeTruthy();
    await waitFor(async () => expect((await row('Marketing site')).getByText('Live')).toBeTruthy());
    expect((await row('Marketing site')).getByRole('button', { name: 'Revoke Marketing site' })).toBeTruthy();
  });

  it('lists revoked keys as revoked, and says when there are none', async () => {
    server({ keys: [testKey({ revokedAt: '2026-11-21T10:00:00.000Z', lastUsedAt: '2026-11-20T12:00:00.000Z' })] });
    const view = await renderWithApp(<ContentKeysPanel me={me(true)} />);
    const marketing = await row('Marketing site');
    expect(marketing.getByText(/Revoked/)).toBeTruthy();
    expect(marketing.getByText('cak_Ab12Cd…')).toBeTruthy();
    expect(marketing.getByText('by Ada Lovelace')).toBeTruthy();
    expect(marketing.queryByRole('button')).toBeNull();
    view.unmount();

    server({ keys: [] });
    await renderWithApp(<ContentKeysPanel me={me(true)} />);
    expect(await screen.findByText(/No content keys yet/)).toBeTruthy();
  });

  it('explains content keys to a member, and asks the server nothing', async () => {
    const sent = server();
    await renderWithApp(<ContentKeysPanel me={me(false)} />);
    expect(screen.getByText(/Only admins of Acme create and revoke them/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(sent).toEqual([]);
  });
});
