import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerCommands } from '../commands';
import { closePalette, usePalette } from '../store';
import Palette from './palette';

const navigate = vi.fn();
vi.mock('@tanstack/react-router', () => ({ useNavigate: () => navigate }));

const ran: string[] = [];
let unregister: () => void = () => {};

function renderPalette() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Palette />
    </QueryClientProvider>,
  );
  act(() => usePalette.setState({ open: true, loaded: true }));
  return screen.getByRole('combobox');
}

const selected = () => screen.getByRole('option', { selected: true }).textContent;

describe('palette keyboard', () => {
  beforeEach(() => {
    ran.length = 0;
    unregister = registerCommands(
      ['Go to Home', 'Go to Projects', 'Toggle theme'].map((label) => ({
        id: label,
        label,
        run: () => ran.push(label),
      })),
    );
  });
  afterEach(() => {
    unregister();
    act(() => closePalette());
    usePalette.setState({ searchable: true });
    vi.unstubAllGlobals();
  });

  it('arrows move through the options and wrap around; Enter runs the selected one and closes', async () => {
    const user = userEvent.setup();
    const input = renderPalette();
    expect(input).toBe(document.activeElement);
    expect(selected()).toContain('Go to Home');
    await user.keyboard('{ArrowDown}');
    expect(selected()).toContain('Go to Projects');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(selected()).toContain('Toggle theme');
    expect(input.getAttribute('aria-activedescendant')).toBe(
      screen.getByRole('option', { selected: true }).getAttribute('id'),
    );
    await user.keyboard('{Enter}');
    expect(ran).toEqual(['Toggle theme']);
    expect(usePalette.getState().open).toBe(false);
  });

  it('typing filters commands; without a company it asks the server nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    usePalette.setState({ searchable: false });
    const user = userEvent.setup();
    const input = renderPalette();
    expect(input.getAttribute('aria-label')).toBe('Type a command');
    await user.type(input, 'theme');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Toggle theme']);
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText('No command matches “zzz”.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Enter waits for the results of what was typed, then opens the first', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const user = userEvent.setup();
    const input = renderPalette();
    await user.type(input, 'ada');
    await user.keyboard('{Enter}');
    expect(navigate).not.toHaveBeenCalled();
    answer(
      new Response(
        JSON.stringify({
          results: [
            { kind: 'person', id: '5f1c2f35-1111-4a56-9ad6-5b0f14a8c001', label: 'Ada Lovelace', context: 'CEO' },
          ],
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    );
    await waitFor(() => expect(selected()).toContain('Ada Lovelace'));
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith({
      to: '/people',
      search: { person: '5f1c2f35-1111-4a56-9ad6-5b0f14a8c001' },
    });
  });

  it('a session result opens its conversation', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              results: [
                {
                  kind: 'session',
                  id: 's-1',
                  agentId: 'a-1',
                  label: 'Blocked cards on Café roadmap',
                  context: 'Cafébot',
                  status: 'active',
                  updatedAt: '2026-03-01T09:00:00.000Z',
                },
              ],
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const user = userEvent.setup();
    const input = renderPalette();
    await user.type(input, 'blocked');
    await waitFor(() => expect(selected()).toContain('Blocked cards on Café roadmap'));
    expect(screen.getByRole('group', { name: 'Sessions' })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith({
      to: '/agents/$agentId/sessions/$sessionId',
      params: { agentId: 'a-1', sessionId: 's-1' },
    });
  });
});

describe('results of integrations and automation', () => {
  afterEach(() => {
    act(() => closePalette());
    navigate.mockClear();
    vi.unstubAllGlobals();
  });

  const result = (kind: string, id: string, label: string, agentId?: string) => ({
    kind,
    id,
    label,
    context: 'Cafébot',
    status: 'active',
    updatedAt: '2026-03-01T09:00:00.000Z',
    ...(agentId && { agentId }),
  });

  it.each([
    [
      'a connection opens Settings → Integrations at it',
      result('integration', 'c-1', 'GitHub (acme)'),
      'Connections',
      { to: '/settings/integrations', search: { connection: 'c-1' } },
    ],
    [
      'a schedule opens its agent’s page at Schedules',
      result('cron_job', 'j-1', 'Nightly digest', 'a-1'),
      'Schedules',
      { to: '/agents/$agentId', params: { agentId: 'a-1' }, hash: 'schedules' },
    ],
    [
      'a webhook opens its agent’s page at Webhooks',
      result('webhook_endpoint', 'w-1', 'Deploys', 'a-1'),
      'Webhooks',
      { to: '/agents/$agentId', params: { agentId: 'a-1' }, hash: 'webhooks' },
    ],
  ])('%s', async (_name, found, group, target) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ results: [found] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const user = userEvent.setup();
    const input = renderPalette();
    await user.type(input, found.label.slice(0, 4));
    await waitFor(() => expect(selected()).toContain(found.label));
    expect(screen.getByRole('group', { name: group })).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(navigate).toHaveBeenCalledWith(target);
  });
});

describe('a command that lists choices', () => {
  const asked: string[] = [];
  let loads = 0;
  beforeEach(() => {
    asked.length = 0;
    loads = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ results: [] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    unregister = registerCommands([
      { id: 'home', label: 'Go to Home', run: () => asked.push('home') },
      {
        id: 'ask',
        label: 'Ask an agent…',
        choices: {
          label: 'Pick an agent to ask',
          placeholder: 'Pick an agent…',
          group: 'Agents',
          empty: 'No agent is active.',
          load: async () => {
            loads++;
            return [
              { id: 'a-1', label: 'Cafébot', context: 'Drafts support replies' },
              { id: 'a-2', label: 'Triage', context: 'Labels bug reports' },
            ];
          },
          choose: (choice) => asked.push(choice.id),
        },
      },
    ]);
  });
  afterEach(() => {
    unregister();
    act(() => closePalette());
    vi.unstubAllGlobals();
  });

  it('lists its choices in the palette, filters them as you type, and Enter picks one', async () => {
    const user = userEvent.setup();
    const input = renderPalette();
    await user.type(input, 'ask');
    await user.keyboard('{Enter}');
    expect(usePalette.getState().open).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Pick an agent to ask' })).toBe(document.activeElement);
    expect(screen.getByRole('group', { name: 'Agents' })).toBeTruthy();
    await user.type(screen.getByRole('combobox'), 'bug');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['TriageLabels bug reports']);
    await user.keyboard('{Enter}');
    expect(asked).toEqual(['a-2']);
    expect(usePalette.getState().open).toBe(false);
    expect(loads).toBe(1);
  });

  it('Backspace in the empty field goes back to the commands', async () => {
    const user = userEvent.setup();
    const input = renderPalette();
    await user.type(input, 'ask');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    await user.keyboard('{Backspace}');
    expect(screen.getByRole('combobox').getAttribute('aria-label')).toMatch(/^Search people/);
    const commands = within(screen.getByRole('group', { name: 'Commands' }));
    expect(commands.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Go to Home',
      'Ask an agent…',
    ]);
    expect(asked).toEqual([]);
  });
});
