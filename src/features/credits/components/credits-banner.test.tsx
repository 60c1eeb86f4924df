import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/api';
import { sessionQueries } from '@/features/auth';
import { dismissBanner } from '../banner-state';
import { creditQueries } from '../queries';
import type { CreditBalance, CreditChange } from '../types';
import { AgentCreditsStatus } from './agent-credits-status';
import { CreditsBanner } from './credits-banner';

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
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, to, className }: { children: ReactNode; to: string; className?: string }) => (
    <a className={className} href={to}>
      {children}
    </a>
  ),
}));

const companyId = '00000000-0000-4000-8000-000000000001';
const prices = { reply: 5, write: 1 };
const balance = (available: number): CreditBalance => ({
  included: available,
  purchased: 0,
  available,
  lowThreshold: 200,
  low: available < 200,
  exhausted: available < 1,
  prices,
});
const change = (): CreditChange => ({
  id: '00000000-0000-4000-8000-000000000099',
  type: 'adjustment',
  amount: 0,
  createdAt: '2026-11-26T09:00:00.000Z',
  seq: 2,
  includedChange: 0,
  purchasedChange: 0,
});

/** The balance moves elsewhere: the event carries the new one. */
async function balanceChanges(available: number) {
  act(() =>
    live.get('credits.balance.changed')?.forEach((handler) =>
      handler({
        id: '1',
        event: 'credits.balance.changed',
        data: { companyId, balance: balance(available), change: change() },
      }),
    ),
  );
  // Rendered with the new balance: what should be gone is gone, not merely late.
  await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe(String(available)));
}

/** The balance as the page holds it, so a test knows the page has taken a change in. */
function HeldBalance() {
  const held = useQuery(creditQueries.balance()).data;
  return <output data-testid="balance">{held?.available}</output>;
}

function me(manageBilling: boolean): Me {
  return {
    user: { id: 'u1', name: 'Ada', email: 'ada@example.com' },
    company: { id: companyId, name: 'Acme' },
    role: manageBilling ? 'admin' : 'member',
    permissions: {
      editOrganization: manageBilling,
      manageAgents: manageBilling,
      manageApiKeys: manageBilling,
      manageBilling,
      manageCompanyFiles: manageBilling,
      manageIntegrations: manageBilling,
      manageContent: manageBilling,
      manageMembers: manageBilling,
    },
  } as Me;
}

/** The shell's banner (and an agent's status line, which everyone sees), with the balance the server answers. */
function renderShell(who: Me, available: number) {
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api/, '');
      requests.push(path);
      if (path === '/subscriptions/credits/balance') return Response.json(balance(available));
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionQueries.me().queryKey, who);
  render(
    <QueryClientProvider client={client}>
      <CreditsBanner />
      <AgentCreditsStatus agentStatus="active" />
      <HeldBalance />
    </QueryClientProvider>,
  );
  return requests;
}

beforeEach(() => {
  live.clear();
  sessionStorage.clear();
  dismissBanner(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('the credits banner', () => {
  it('tells an admin credits are running low, how many are left, and where to buy more', async () => {
    renderShell(me(true), 42);
    const banner = (await screen.findByText(/running low/)).closest('[role="status"]');
    expect(banner?.textContent).toContain('Credits are running low: 42 left.');
    const link = screen.getByRole('link', { name: 'Buy credits or change the plan' });
    expect(link.getAttribute('href')).toBe('/settings/billing');
    // Low is not out: agents still work.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Not taking new work/)).toBeNull();
  });

  it('shows nothing while credits are plentiful, and a graver alert when they run out, live', async () => {
    const requests = renderShell(me(true), 5000);
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('5000'));
    expect(screen.queryByText(/running low/)).toBeNull();

    await balanceChanges(0);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Out of credits: agents have stopped taking new work until credits arrive.');
    expect(screen.getByText(/Not taking new work/)).toBeTruthy();

    // Credits arrive: both go, without reading the balance again.
    await balanceChanges(500);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Not taking new work/)).toBeNull();
    expect(requests.filter((path) => path === '/subscriptions/credits/balance')).toHaveLength(1);
  });

  it('stays dismissed while low, but comes back as an alert when credits run out', async () => {
    renderShell(me(true), 42);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the low-credits banner' }));
    expect(screen.queryByText(/running low/)).toBeNull();

    await balanceChanges(30);
    expect(screen.queryByText(/running low/)).toBeNull();

    await balanceChanges(0);
    expect(screen.getByRole('alert').textContent).toContain('Out of credits');
    await user.click(screen.getByRole('button', { name: 'Dismiss the out-of-credits banner' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // Dismissing the banner does not hide the agents' state.
    expect(screen.getByText(/Not taking new work/)).toBeTruthy();

    // Back to low after an exhausted banner was dismissed: nothing milder comes back.
    await balanceChanges(50);
    expect(screen.queryByText(/running low/)).toBeNull();
  });

  it('shows a shortage again once credits came back in between', async () => {
    renderShell(me(true), 42);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the low-credits banner' }));
    await balanceChanges(2000);
    expect(sessionStorage.getItem('workspace.credits-banner-dismissed')).toBeNull();
    await balanceChanges(60);
    expect(screen.getByText(/Credits are running low/).closest('.credits-banner')?.textContent).toContain(
      'Credits are running low: 60 left.',
    );
  });

  it('keeps a dismissal for the tab’s session (in session storage, which a reload keeps)', async () => {
    renderShell(me(true), 42);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Dismiss the low-credits banner' }));
    expect(sessionStorage.getItem('workspace.credits-banner-dismissed')).toBe('low');
    cleanup();

    renderShell(me(true), 41);
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('41'));
    expect(screen.queryByText(/running low/)).toBeNull();
  });

  it('shows members no billing banner, but the agents’ out-of-credits state with who can help', async () => {
    renderShell(me(false), 0);
    expect(await screen.findByText(/Not taking new work/)).toBeTruthy();
    expect(screen.getByText('An admin can buy credits or change the plan.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Out of credits:/)).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    await balanceChanges(42);
    expect(screen.queryByText(/running low/)).toBeNull();
    expect(screen.queryByText(/Not taking new work/)).toBeNull();
  });
});
