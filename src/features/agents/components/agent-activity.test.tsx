import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityItem, Agent } from '@/api';
import { ACTIVITY_PAGE } from '../queries';
import { AgentActivity } from './agent-activity';

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const scout: Agent = {
  id: id(40),
  version: 1,
  name: 'Scout',
  role: '',
  description: '',
  status: 'active',
  archived: false,
  teamId: null,
  responsible: { kind: 'human', id: id(1), name: 'Ada Lovelace' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  lastActiveAt: null,
  canManage: false,
};
/** A move by Scout with event id `n` (larger is newer). */
const moved = (n: number): ActivityItem => ({
  id: n,
  type: 'card.moved',
  actor: { kind: 'agent', id: scout.id, name: 'Scout' },
  at: '2026-01-02T00:00:00.000Z',
  card: { id: id(1000 + n), title: `Card ${n}` },
  column: { id: id(50), name: 'Review' },
  project: { id: id(60), name: 'Café roadmap' },
});

/** Answers `GET /agents/{id}/activity` from `items` (newest first), honouring `limit` and `before`. */
function serve(items: ActivityItem[]) {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname !== `/api/agents/${scout.id}/activity`)
        return Response.json({ error: 'Not found' }, { status: 404 });
      asked.push(url.searchParams);
      const before = Number(url.searchParams.get('before') ?? Infinity);
      const limit = Number(url.searchParams.get('limit'));
      return Response.json({ items: items.filter((item) => item.id < before).slice(0, limit) });
    }),
  );
  return asked;
}

function renderActivity() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AgentActivity agent={scout} />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Activity' });
}

afterEach(() => vi.unstubAllGlobals());

describe('AgentActivity', () => {
  it('lists the newest page and reads older ones before the last item held', async () => {
    const all = Array.from({ length: ACTIVITY_PAGE + 2 }, (_, index) => moved(100 - index));
    const asked = serve(all);
    const region = renderActivity();
    expect(await within(region).findAllByRole('listitem')).toHaveLength(ACTIVITY_PAGE);
    expect(within(region).getAllByRole('link')[0]?.textContent).toBe('Scout moved “Card 100” to Review');

    await userEvent.setup().click(within(region).getByRole('button', { name: 'Show older' }));
    expect(await within(region).findByText('Scout moved “Card 69” to Review')).toBeTruthy();
    expect(within(region).getAllByRole('listitem')).toHaveLength(ACTIVITY_PAGE + 2);
    expect(asked.map((params) => params.get('before'))).toEqual([null, String(100 - ACTIVITY_PAGE + 1)]);
    // A short page is the last: nothing older to show.
    expect(within(region).queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says when the agent has done nothing on cards', async () => {
    serve([]);
    const region = renderActivity();
    expect(await within(region).findByText('Nothing yet: what Scout does on cards shows here.')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: 'Show older' })).toBeNull();
  });
});
