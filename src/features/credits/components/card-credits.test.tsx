import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreditsLive } from '../live';
import { CardCredits } from './card-credits';

/** Live events are handed to the handlers by the test (the stream is not opened). */
const live = vi.hoisted(() => new Map<string, Set<(event: unknown) => void>>());
vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onLiveEvent: (type: string, handler: (event: unknown) => void) => {
    if (!live.has(type)) live.set(type, new Set());
    live.get(type)!.add(handler);
    return () => live.get(type)?.delete(handler);
  },
  onLiveResync: () => () => {},
}));

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const projectId = id(1);
const cardId = id(2);
const otherCard = id(3);
const shipwright = { agentId: id(40), name: 'Shipwright' };
const triage = { agentId: id(41), name: 'Triage' };

function emit(event: string, data: Record<string, unknown>) {
  act(() => live.get(event)?.forEach((handler) => handler({ id: '1', event, data })));
}

/** A charge for agent work, as the balance event carries it. */
function charged(forCard: string) {
  emit('credits.balance.changed', {
    companyId: id(9),
    balance: {
      included: 10,
      purchased: 0,
      available: 10,
      lowThreshold: 100,
      low: true,
      exhausted: false,
      prices: { reply: 5, write: 1 },
    },
    change: {
      id: id(99),
      type: 'consumption',
      amount: -1,
      createdAt: '2026-11-26T09:00:00.000Z',
      seq: 7,
      includedChange: -1,
      purchasedChange: 0,
      agentId: shipwright.agentId,
      cardId: forCard,
    },
  });
}

let answer: { total: number; byAgent: { agentId: string; name: string; credits: number }[] };
let reads: number;

function Panel() {
  // The shell follows credits events for the whole tab.
  useCreditsLive();
  return <CardCredits projectId={projectId} cardId={cardId} />;
}

function renderPanel() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      if (path === `/projects/${projectId}/cards/${cardId}/credits`) {
        reads += 1;
        return Response.json({ cardId, ...answer });
      }
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Panel />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  live.clear();
  reads = 0;
});
afterEach(() => vi.unstubAllGlobals());

describe('the card panel’s credits', () => {
  it('shows the total agent work cost and each agent’s share', async () => {
    answer = {
      total: 15,
      byAgent: [
        { ...shipwright, credits: 12 },
        { ...triage, credits: 3 },
      ],
    };
    renderPanel();
    const section = await screen.findByRole('region', { name: 'Credits spent on this card' });
    expect(section.textContent).toContain('Agent work on this card: 15 credits');
    expect(section.textContent).toContain('Shipwright 12 · Triage 3');
  });

  it('shows nothing for a card no agent worked on, then the cost once a charge names the card', async () => {
    answer = { total: 0, byAgent: [] };
    renderPanel();
    await waitFor(() => expect(reads).toBe(1));
    expect(screen.queryByRole('region', { name: 'Credits spent on this card' })).toBeNull();

    // Work on another card is not this card's business.
    charged(otherCard);
    answer = { total: 1, byAgent: [{ ...shipwright, credits: 1 }] };
    charged(cardId);
    const section = await screen.findByRole('region', { name: 'Credits spent on this card' });
    expect(section.textContent).toContain('Agent work on this card: 1 credit');
    expect(section.textContent).toContain('Shipwright 1');
    expect(reads).toBe(2);
  });

  it('reads the cost again when an agent changes the card, not when a person does', async () => {
    answer = { total: 5, byAgent: [{ ...triage, credits: 5 }] };
    renderPanel();
    await screen.findByText('Triage 5');

    emit('card.updated', { projectId, card: { id: cardId }, actorUserId: id(7) });
    answer = { total: 6, byAgent: [{ ...triage, credits: 6 }] };
    emit('card.updated', { projectId, card: { id: cardId }, actorAgentId: triage.agentId });
    expect(await screen.findByText('Triage 6')).toBeTruthy();
    expect(reads).toBe(2);
  });
});
