import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { creditQueries } from '@/features/credits';
import { billingQueries } from './queries';

/** The ledger and usage are read again at most this often while transactions stream in (agents at work). */
const REFRESH_MS = 3_000;

/**
 * While Billing is open: a transaction (agent work, a purchase's webhook, another admin) puts the
 * new balance in place at once, and has the ledger and the usage read again (at most every few
 * seconds: the stream tells every member only the movement's effect, the admin-only details of the
 * row come from the ledger), and a purchase any checkout waiting for it; a subscription change
 * replaces the plan card.
 */
export function useBillingLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    const refreshLater = () => {
      refreshTimer ??= setTimeout(() => {
        refreshTimer = undefined;
        void queryClient.invalidateQueries({ queryKey: billingQueries.ledgers() });
        void queryClient.invalidateQueries({ queryKey: [...billingQueries.all, 'usage'] });
      }, REFRESH_MS);
    };
    const stops = [
      onLiveEvent('credits.balance.changed', ({ data }) => {
        queryClient.setQueryData(creditQueries.balance().queryKey, data.balance);
        refreshLater();
        if (data.change.type === 'purchase')
          void queryClient.invalidateQueries({ queryKey: [...billingQueries.all, 'checkout'] });
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
      clearTimeout(refreshTimer);
      stops.forEach((stop) => stop());
    };
  }, [queryClient]);
}
