import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileGrant, Me, Member } from '@/api';
import { sessionQueries } from '@/features/auth';
import { memberQueries } from '@/features/members';
import { GrantDialog } from './grant-dialog';

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const ada = id(1);
const folder = { id: id(10), name: 'Specs', type: 'folder' as const };
const file = { id: id(11), name: 'arm.pdf', type: 'file' as const, author: { name: 'Ada Lovelace', userId: ada } };

function me(overrides: { userId?: string; admin?: boolean } = {}): Me {
  const admin = overrides.admin ?? false;
  return {
    company: { id: id(2), name: 'Acme' },
    credential: { kind: 'session', expiresAt: '2026-12-31T00:00:00.000Z' },
    role: admin ? 'admin' : 'member',
    permissions: {
      editOrganization: admin,
      manageAgents: admin,
      manageApiKeys: admin,
      manageBilling: admin,
      manageCompanyFiles: admin,
      manageIntegrations: admin,
      manageContent: admin,
      manageMembers: admin,
    },
    user: {
      id: overrides.userId ?? ada,
      version: 1,
      name: 'Ada Lovelace',
      email: 'ada@acme.example',
      title: '',
      createdAt: '',
    },
  };
}

const agent = (n: number, name: string, status: Member['status'] = 'active'): Member => ({
  id: id(n),
  kind: 'agent',
  name,
  title: `${name}’s role`,
  status,
  manager: null,
  teamId: null,
});
const members: Member[] = [
  { id: ada, kind: 'human', name: 'Ada Lovelace', title: 'CEO', status: 'active', manager: null, teamId: null },
  agent(20, 'Cafébot'),
  agent(21, 'Forecaster', 'completed'),
  agent(22, 'Scribe'),
  agent(23, 'Triage'),
];

const grantOf = (n: number, agentMember: Member, node: { id: string; name: string; type: 'file' | 'folder' }) =>
  ({
    id: id(n),
    agentId: agentMember.id,
    nodeId: node.id,
    grantedBy: ada,
    createdAt: '2026-11-20T09:00:00.000Z',
    node,
    agent: { id: agentMember.id, name: agentMember.name, status: agentMember.status },
  }) satisfies FileGrant;

type Answer = { status: number; body: unknown };

function serve(route: (method: string, path: string, body: unknown) => Answer | undefined) {
  const fetchMock = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api/, '');
    const body = request.method === 'POST' ? await request.json() : undefined;
    const answer = route(request.method, path, body) ?? { status: 404, body: { error: 'Not found' } };
    return Response.json(answer.body, { status: answer.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog(who: Me = me()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueries.me().queryKey, who);
  client.setQueryData(memberQueries.list().queryKey, members);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <GrantDialog node={file} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose, dialog: screen.getByRole('dialog', { name: 'Share “arm.pdf” with agents' }) };
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

describe('GrantDialog', () => {
  it('lists direct grants with Revoke and inherited ones “via” their folder; completed agents cannot be granted', async () => {
    const scribe = members[3]!;
    const triage = members[4]!;
    serve((method, path) =>
      method === 'GET' && path === `/client/files/${file.id}/grants`
        ? { status: 200, body: { grants: [grantOf(30, scribe, file), grantOf(31, triage, folder)] } }
        : undefined,
    );
    const { dialog } = renderDialog();
    const access = await within(dialog).findByRole('list', { name: 'Agents with access' });
    const rows = within(access).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Scribe'),
      expect.stringContaining('Triagevia Specs'),
    ]);
    expect(within(rows[0]!).getByRole('button', { name: 'Revoke access for Scribe' })).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    const candidates = within(dialog).getByRole('list', { name: 'Agents' });
    const names = within(candidates)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
    // Scribe is granted already (listed above); Triage may still get a grant of its own.
    expect(names).toEqual(['Grant access to Cafébot', 'Grant access to Forecaster', 'Grant access to Triage']);
    const forecaster = within(candidates).getByRole('button', { name: 'Grant access to Forecaster' });
    expect((forecaster as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(forecaster.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Completed agents take no more work',
    );
  });

  it('filters agents as you type, grants with the node id, and shows the server’s refusal inline', async () => {
    const posted: unknown[] = [];
    serve((method, path, body) => {
      if (method === 'GET' && path === `/client/files/${file.id}/grants`) return { status: 200, body: { grants: [] } };
      if (method === 'POST' && path === `/agents/${id(20)}/file-grants`) {
        posted.push(body);
        return { status: 201, body: grantOf(40, members[1]!, file) };
      }
      if (method === 'POST' && path === `/agents/${id(23)}/file-grants`) {
        return { status: 409, body: { error: 'Triage is completed and takes no more work', code: 'CONFLICT' } };
      }
      return undefined;
    });
    const { dialog } = renderDialog();
    const user = userEvent.setup();
    const search = await within(dialog).findByRole('searchbox', { name: 'Find an agent' });
    await user.type(search, 'cafe');
    const candidates = within(dialog).getByRole('list', { name: 'Agents' });
    expect(within(candidates).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(candidates).getByRole('button', { name: 'Grant access to Cafébot' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Revoke access for Cafébot' }, { timeout: 2000 }),
    ).toBeTruthy();
    expect(posted).toEqual([{ nodeId: file.id }]);
    expect(document.activeElement).toBe(search);

    await user.clear(search);
    await user.type(search, 'tri');
    await user.click(within(dialog).getByRole('button', { name: 'Grant access to Triage' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Triage is completed and takes no more work'),
    );
  });

  it('tells someone who may not change access why, with the controls off', async () => {
    serve((method, path) =>
      method === 'GET' && path === `/client/files/${file.id}/grants`
        ? { status: 200, body: { grants: [] } }
        : undefined,
    );
    const { dialog } = renderDialog(me({ userId: id(5) }));
    expect(
      await within(dialog).findByText(/Only the person who uploaded it \(Ada Lovelace\) and company admins/),
    ).toBeTruthy();
    const buttons = within(within(dialog).getByRole('list', { name: 'Agents' })).getAllByRole('button');
    expect(buttons.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
  });
});
