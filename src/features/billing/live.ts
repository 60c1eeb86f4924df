import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { creditQueries } from '@/features/credits';
import { applyTransaction } from './mutations';
import { billingQueries } from './queries';

/** Usage is read again at most this often while transactions stream in (agents at work). */
const USAGE_REFRESH_MS = 3_000;

/**
 * While Billing is open: a transaction (agent work, a purchase's webhook, another admin) puts the
 * new balance in place, goes on top of the ledger and refreshes the usage and any checkout it
 * completes; a subscription change replaces the plan card.
 */
export function useBillingLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let usageTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshUsage = () => {
      usageTimer ??= setTimeout(() => {
        usageTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: [...billingQueries.all, 'usage'] });
      }, USAGE_REFRESH_MS);
    };
    const stops = [
      onLiveEvent('credits.balance.changed', ({ data }) => {
        queryClient.setQueryData(creditQueries.balance().queryKey, data.balance);
        applyTransaction(queryClient, data.transaction);
        refreshUsage();
        const checkoutId = data.transaction.paymentCheckoutSessionId;
        if (checkoutId) void queryClient.invalidateQueries({ queryKey: billingQueries.checkout(checkoutId).queryKey });
      }),
      onLiveEvent('subscription.changed', ({ data }) => {
        queryClient.setQueryData(billingQueries.subscription().queryKey, data.subscription);
      }),
      onLiveResync(() => {
        void queryClient.invalidateQueries({ queryKey: billingQueries.all });
        void queryClient.invalidateQueries({ queryKey: creditQueries.balance().queryKey });
      }),
    ];
    return () => {
      clearTimeout(usageTimer);
      stops.forEach((stop) => stop());
    };
  }, [queryClient]);
}
