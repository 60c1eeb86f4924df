import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap } from '@/api';
import { creditQueries } from '@/features/credits';
import { toast } from '@/ui';
import { formatCredits } from './format';
import { billingQueries, type CreditPack, matchesFilters } from './queries';
import type { CreditTransaction, CreditTransactionType, PlanId, Subscription } from './types';

/**
 * A transaction recorded: on top of every loaded ledger it belongs to, and into the usage (read
 * again). The balance comes with the event (or the caller reads it again).
 */
export function applyTransaction(queryClient: QueryClient, transaction: CreditTransaction) {
  const ledgers = queryClient.getQueriesData<{ pages: CreditTransaction[][]; pageParams: unknown[] }>({
    queryKey: billingQueries.ledgers(),
  });
  for (const [key, data] of ledgers) {
    const [, , type, agentId] = key as readonly [string, string, CreditTransactionType | null, string | null];
    if (!data?.pages.length || !matchesFilters(transaction, { type: type ?? undefined, agentId: agentId ?? undefined }))
      continue;
    if (data.pages.some((page) => page.some((row) => row.id === transaction.id))) continue;
    const [first, ...rest] = data.pages;
    queryClient.setQueryData(key, { ...data, pages: [[transaction, ...first!], ...rest] });
  }
}

/** Puts the server's subscription in place, and reads what follows from it again. */
function applySubscription(queryClient: QueryClient, subscription: Subscription) {
  queryClient.setQueryData(billingQueries.subscription().queryKey, subscription);
  // An upgrade expires and grants included credits now; the threshold of "low" follows the plan.
  void queryClient.invalidateQueries({ queryKey: creditQueries.balance().queryKey });
  void queryClient.invalidateQueries({ queryKey: billingQueries.ledgers() });
  void queryClient.invalidateQueries({ queryKey: [...billingQueries.all, 'usage'] });
}

/** "Change plan…": the server says whether it applies now (upgrade) or at the period's end. Errors stay with the dialog. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) => unwrap(api.PUT('/subscriptions/current', { body: { planId } })),
    onSuccess: (subscription) => {
      applySubscription(queryClient, subscription);
      toast(
        'success',
        subscription.pendingPlan
          ? `${subscription.pendingPlan.name} starts at the end of this period`
          : `You are on ${subscription.plan.name}`,
      );
    },
  });
}

/** Cancel at the period's end, or resume: shown at once, as it was again if the server refuses. */
export function useSetCancellation() {
  const queryClient = useQueryClient();
  const key = billingQueries.subscription().queryKey;
  return useMutation({
    mutationFn: (cancel: boolean) =>
      unwrap(cancel ? api.POST('/subscriptions/current/cancel') : api.POST('/subscriptions/current/resume')),
    onMutate: async (cancel) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData(key);
      if (before) queryClient.setQueryData(key, { ...before, cancelAtPeriodEnd: cancel });
      return { before };
    },
    onSuccess: (subscription, cancel) => {
      applySubscription(queryClient, subscription);
      toast('success', cancel ? 'Subscription canceled at the end of the period' : 'Subscription resumed');
    },
    onError: (error, cancel, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      toast(
        'error',
        cancel ? 'Could not cancel the subscription' : 'Could not resume the subscription',
        errorMessage(error),
      );
    },
  });
}

/** "Buy": creates a checkout and sends the browser to pay; back on Billing, `?checkout=` tells the result. */
export function useBuyCredits() {
  return useMutation({
    mutationFn: (packId: CreditPack['id']) => unwrap(api.POST('/subscriptions/credits/checkout', { body: { packId } })),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast('error', 'Could not start the checkout', errorMessage(error)),
  });
}

export type AdjustmentInput = {
  type: 'adjustment' | 'grant';
  amount: number;
  bucket?: 'included' | 'purchased';
  note: string;
};

/** "Adjust credits…": the transaction goes on top of the ledger. Errors stay with the dialog, by field. */
export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentInput) => unwrap(api.POST('/subscriptions/credits/adjustments', { body })),
    onSuccess: (transaction) => {
      applyTransaction(queryClient, transaction);
      // This tab's own change does not come back as an event: read the balance and the usage again.
      void queryClient.invalidateQueries({ queryKey: creditQueries.balance().queryKey });
      void queryClient.invalidateQueries({ queryKey: [...billingQueries.all, 'usage'] });
      toast('success', `Recorded: ${transaction.amount > 0 ? '+' : ''}${formatCredits(transaction.amount)} credits`);
    },
  });
}
