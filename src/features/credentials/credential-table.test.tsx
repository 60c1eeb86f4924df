import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api';
import { Toaster } from '@/ui';
import { CredentialTable, type Credential } from './credential-table';
import { useRevokeCredential } from './use-revoke-credential';

const listKey = ['test-credentials'];

function credential(id: string, name: string, revokedAt: string | null = null): Credential {
  return { id, name, prefix: `ws_${id}`, createdAt: '2026-11-01T10:00:00.000Z', lastUsedAt: null, revokedAt };
}

/** A list as a feature shows it: the cached query, the shared table and the shared revoke. */
function List({ revoke, revoked }: { revoke: (item: Credential) => Promise<unknown>; revoked: 'remove' | 'mark' }) {
  const list = useQuery({ queryKey: listKey, queryFn: () => new Promise<Credential[]>(() => {}) });
  const mutation = useRevokeCredential({ listKey, revoke, revoked, revokedDetail: 'It no longer works.' });
  return (
    <>
      <h2 id="heading" tabIndex={-1}>
        Keys
      </h2>
      <CredentialTable
        credentials={list.data ?? []}
        labelledBy="heading"
        empty={<p>None yet.</p>}
        showStatus={revoked === 'mark'}
        confirmLabel="Revoke key"
        consequence="Sites stop working."
        onRevoke={(item) => mutation.mutate(item)}
      />
    </>
  );
}

function renderList(items: Credential[], props: Parameters<typeof List>[0]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(listKey, items);
  render(
    <QueryClientProvider client={queryClient}>
      <List {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
  return queryClient;
}

const rowNamed = (name: string) =>
  within(screen.getByRole('table', { name: 'Keys' }))
    .getAllByRole('row')
    .find((row) => row.querySelector('strong')?.textContent === name);

describe('CredentialTable with useRevokeCredential', () => {
  it('revokes only after the confirmation, then marks the row revoked and focuses the heading', async () => {
    const user = userEvent.setup();
    const revoke = vi.fn(() => Promise.resolve());
    renderList([credential('a', 'Site'), credential('b', 'Old', '2026-11-02T10:00:00.000Z')], {
      revoke,
      revoked: 'mark',
    });
    expect(rowNamed('Site')!.textContent).toContain('Live');
    // A revoked credential says so and cannot be revoked again.
    expect(rowNamed('Old')!.textContent).toContain('Revoked');
    expect(within(rowNamed('Old')!).queryByRole('button')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke Site' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke “Site”?' });
    expect(dialog.textContent).toContain('Sites stop working. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revoke).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Revoke Site' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    expect(revoke).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }), expect.anything());
    await waitFor(() => expect(rowNamed('Site')!.textContent).toContain('Revoked'));
    expect(within(rowNamed('Site')!).queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Keys' })));
    expect(await screen.findByText('Revoked “Site”')).toBeTruthy();
  });

  it('rolls a marked row back to live, with the server’s message, when revoking fails', async () => {
    const user = userEvent.setup();
    let refuse: (error: Error) => void = () => {};
    const revoke = vi.fn(() => new Promise((_resolve, reject) => (refuse = reject)));
    renderList([credential('a', 'Site')], { revoke, revoked: 'mark' });

    await user.click(screen.getByRole('button', { name: 'Revoke Site' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    // Optimistic: revoked before the server has answered.
    await waitFor(() => expect(rowNamed('Site')!.textContent).toContain('Revoked'));

    act(() => refuse(new ApiError(409, 'The key is locked.')));
    await waitFor(() => expect(rowNamed('Site')!.textContent).toContain('Live'));
    expect(screen.getByRole('button', { name: 'Revoke Site' })).toBeTruthy();
    expect(await screen.findByText('Could not revoke “Site”')).toBeTruthy();
    expect(screen.getByText('The key is locked.')).toBeTruthy();
  });

  it('removes a row at once and puts it back in its place when revoking fails', async () => {
    const user = userEvent.setup();
    let refuse: (error: Error) => void = () => {};
    const revoke = vi.fn(() => new Promise((_resolve, reject) => (refuse = reject)));
    renderList([credential('a', 'First'), credential('b', 'Middle'), credential('c', 'Last')], {
      revoke,
      revoked: 'remove',
    });

    await user.click(screen.getByRole('button', { name: 'Revoke Middle' }));
    await user.click(screen.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(rowNamed('Middle')).toBeUndefined());

    act(() => refuse(new ApiError(503, 'Try again later.')));
    await waitFor(() => expect(rowNamed('Middle')).toBeTruthy());
    const names = within(screen.getByRole('table', { name: 'Keys' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('strong')?.textContent);
    expect(names).toEqual(['First', 'Middle', 'Last']);
  });

  it('says when there is nothing, instead of an empty table', () => {
    renderList([], { revoke: () => Promise.resolve(), revoked: 'remove' });
    expect(screen.getByText('None yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
