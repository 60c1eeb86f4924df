import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingQueries } from '../queries';
import type { Plan, Subscription } from '../types';
import { ChangePlanDialog, planChangeEffect } from './change-plan-dialog';

const plans: Plan[] = [
  { id: 'starter', name: 'Starter', monthlyCredits: 2000, seats: 10, description: 'Small.' },
  { id: 'team', name: 'Team', monthlyCredits: 10000, seats: 50, description: 'Every day.' },
  { id: 'business', name: 'Business', monthlyCredits: 50000, seats: 250, description: 'Heavy.' },
];

const subscription: Subscription = {
  plan: plans[1]!,
  status: 'active',
  currentPeriodStart: '2026-11-10T12:00:00.000Z',
  currentPeriodEnd: '2026-12-10T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  pendingPlan: null,
  canceledAt: null,
  seatsUsed: 12,
};

describe('planChangeEffect', () => {
  it('says an upgrade applies now and what expires', () => {
    expect(planChangeEffect(subscription, plans[2]!)).toMatch(
      /^Business starts now: a new period begins today with 50,000 included credits, and the 10,000-credit period's unused included credits expire\./,
    );
  });

  it('says a downgrade waits for the period end', () => {
    expect(planChangeEffect(subscription, plans[0]!)).toMatch(
      /^Starter starts at the end of this period, on Dec 10, 2026/,
    );
  });

  it('says choosing the current plan calls off a pending downgrade', () => {
    expect(planChangeEffect({ ...subscription, pendingPlan: plans[0]! }, plans[1]!)).toBe(
      'You stay on Team: the move to Starter on Dec 10, 2026 is called off.',
    );
  });
});

describe('ChangePlanDialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('confirms before changing, and shows the server refusal as it says it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        sent.push(await request.json());
        return Response.json(
          { error: 'The company has 12 members; Starter allows 10 seats.', code: 'SEATS_EXCEEDED' },
          { status: 409 },
        );
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(billingQueries.plans().queryKey, plans);
    render(
      <QueryClientProvider client={client}>
        <ChangePlanDialog subscription={subscription} onClose={vi.fn()} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    const dialog = within(screen.getByRole('dialog'));
    expect((dialog.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(dialog.getByRole('radio', { name: /^Starter/ }));
    await user.click(dialog.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('dialog', { name: 'Move to Starter?' }).textContent).toContain(
      'Starter starts at the end of this period',
    );
    expect(sent).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Move to Starter' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toContain('The company has 12 members; Starter allows 10 seats.'),
    );
    expect(sent).toEqual([{ planId: 'starter' }]);
  });
});
