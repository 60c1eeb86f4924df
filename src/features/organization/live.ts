import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '@/api';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { orgQueries } from './queries';

/**
 * Keeps an open chart current: any organization change by someone else (the event carries no
 * chart) refetches it, and the member and team lists that show the same facts. This tab's own
 * changes arrive in their answers (the stream skips their echoes).
 */
export function useOrganizationLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = onLiveEvent('organization.updated', () => {
      void queryClient.invalidateQueries({ queryKey: orgQueries.all });
      void queryClient.invalidateQueries({ queryKey: memberQueries.all });
      void queryClient.invalidateQueries({ queryKey: teamQueries.all });
    });
    return () => {
      stop();
      // Nothing follows the stream once the chart is closed: read it again on coming back.
      void queryClient.invalidateQueries({ queryKey: orgQueries.all, refetchType: 'none' });
    };
  }, [queryClient]);
}
