import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Agent, Me, Member } from '@/api';
import { sessionQueries } from '@/features/auth';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { AgentDialog } from './agent-dialog';

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;
const ada = id(1);
const me = {
  company: { id: id(2), name: 'Acme' },
  credential: { kind: 'session', expiresAt: '2026-12-31T00:00:00.000Z' },
  role: 'admin',
  permissions: {
    editOrganization: true,
    manageAgents: true,
    manageApiKeys: true,
    manageBilling: true,
    manageCompanyFiles: true,
    manageIntegrations: true,
    manageContent: true,
    manageMembers: true,
  },
  user: { id: ada, version: 1, name: 'Ada Lovelace', email: 'ada@acme.example', title: '', createdAt: '' },
} satisfies Me;
const member = (n: number, kind: Member['kind'], name: string): Member => ({
  id: id(n),
  kind,
  name,
  title: '',
  status: 'active',
  manager: null,
  teamId: null,
});
const members = [member(1, 'human', 'Ada Lovelace'), member(3, 'human', 'Priya Raman'), member(20, 'agent', 'Scribe')];
const teams = [{ id: id(30), name: 'Operations', lead: null, memberCount: 3, parentId: null }];
const scout: Agent = {
  id: id(40),
  version: 1,
  name: 'Scout',
  role: '',
  description: '',
  status: 'active',
  archived: false,
  teamId: null,
  responsible: { kind: 'human', id: ada, name: 'Ada Lovelace' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  canManage: true,
};

type Answer = { status: number; body: unknown };

function serve(route: (method: string, path: string, body: unknown) => Answer | undefined) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      const body = request.method === 'GET' ? undefined : await request.json();
      sent.push({ method: request.method, path, body });
      const answer = route(request.method, path, body) ?? { status: 404, body: { error: 'Not found' } };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return sent;
}

function renderDialog(agent: Agent | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueries.me().queryKey, me);
  client.setQueryData(memberQueries.list().queryKey, members);
  client.setQueryData(teamQueries.list().queryKey, teams);
  const onClose = vi.fn();
  const onCreated = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <AgentDialog agent={agent} onClose={onClose} onCreated={onCreated} />
    </QueryClientProvider>,
  );
  return { onClose, onCreated, dialog: screen.getByRole('dialog') };
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

describe('AgentDialog', () => {
  it('creates an agent with the admin responsible by default, and opens it', async () => {
    const sent = serve((method, path) =>
      method === 'POST' && path === '/agents' ? { status: 201, body: scout } : undefined,
    );
    const { dialog, onClose, onCreated } = renderDialog(null);
    const user = userEvent.setup();
    const create = within(dialog).getByRole('button', { name: 'Create agent' });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByLabelText('Name'), ' Scout ');
    expect((within(dialog).getByLabelText(/^Responsible/) as HTMLSelectElement).value).toBe(`human:${ada}`);
    await user.selectOptions(within(dialog).getByLabelText('Team'), 'Operations');
    await user.click(create);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(scout));
    expect(onClose).toHaveBeenCalled();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Scout',
      role: '',
      description: '',
      teamId: id(30),
      responsible: { kind: 'human', id: ada },
    });
  });

  it('shows ORG_NO_HUMAN_MANAGER under Responsible and field errors by their fields, keeping what was typed', async () => {
    let answer: Answer = {
      status: 409,
      body: {
        error: 'Nobody is responsible for Scribe, so it cannot be responsible for Scout.',
        code: 'ORG_NO_HUMAN_MANAGER',
      },
    };
    serve((method, path) => (method === 'POST' && path === '/agents' ? answer : undefined));
    const { dialog, onClose } = renderDialog(null);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Name'), 'Scout');
    await user.type(within(dialog).getByLabelText(/^Role/), 'Finds things');
    const responsible = within(dialog).getByLabelText(/^Responsible/);
    await user.selectOptions(responsible, 'Scribe (agent)');
    await user.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    await waitFor(() => expect(responsible.getAttribute('aria-invalid')).toBe('true'));
    expect(responsible.getAttribute('aria-describedby')).toBeTruthy();
    const described = responsible
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((each) => document.getElementById(each)?.textContent);
    expect(described).toContain('Nobody is responsible for Scribe, so it cannot be responsible for Scout.');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Scout');
    expect((within(dialog).getByLabelText(/^Role/) as HTMLInputElement).value).toBe('Finds things');
    expect(onClose).not.toHaveBeenCalled();

    answer = {
      status: 400,
      body: {
        error: 'Invalid body: name: Taken',
        code: 'VALIDATION_ERROR',
        issues: [{ location: 'body', path: 'name', message: 'An agent of this company already has this name' }],
      },
    };
    await user.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('An agent of this company already has this name')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe('Some fields need a change: see below.');
    expect(responsible.getAttribute('aria-invalid')).toBeNull();
  });

  it('saves only the changed fields of an agent', async () => {
    const sent = serve((method, path, body) =>
      method === 'PATCH' && path === `/agents/${scout.id}`
        ? { status: 200, body: { ...scout, ...(body as object) } }
        : undefined,
    );
    const { dialog, onClose } = renderDialog(scout);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText(/^Role/), 'Finds things');
    await user.selectOptions(within(dialog).getByLabelText(/^Responsible/), 'Priya Raman');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // After the save, the lists that show agents are read again (GETs).
    expect(sent.filter((request) => request.method !== 'GET')).toEqual([
      {
        method: 'PATCH',
        path: `/agents/${scout.id}`,
        body: { role: 'Finds things', responsible: { kind: 'human', id: id(3) }, baseVersion: 1 },
      },
    ]);
  });

  it('closes without a request when nothing changed', async () => {
    const sent = serve(() => undefined);
    const { dialog, onClose } = renderDialog(scout);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent).toEqual([]);
  });
});
