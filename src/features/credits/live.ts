import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { creditQueries } from './queries';

/**
 * Keeps the balance current for the whole tab (mounted once, by the shell's credits banner): each
 * balance change carries the new balance, which replaces the cached one (so the banner and the
 * agents' "out of credits" lines appear and go without a request); a charge for work on a card
 * refreshes that card's credits. A plan change moves the low threshold: the balance is read again.
 */
export function useCreditsLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const balanceKey = creditQueries.balance().queryKey;
    const stops = [
      onLiveEvent('credits.balance.changed', ({ data }) => {
        // A read under way may answer with the balance before this change: it gives way.
        void queryClient
          .cancelQueries({ queryKey: balanceKey, exact: true })
          .then(() => queryClient.setQueryData(balanceKey, data.balance));
        if (data.change.cardId)
          void queryClient.invalidateQueries({ queryKey: creditQueries.cardKey(data.change.cardId) });
      }),
      onLiveEvent('subscription.changed', () => void queryClient.invalidateQueries({ queryKey: balanceKey })),
      onLiveResync(() => void queryClient.invalidateQueries({ queryKey: creditQueries.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}
