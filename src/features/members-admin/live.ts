import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '@/api';
import { membersAdminQueries } from './queries';

/**
 * While Settings → Members is open, another admin's change (a new member, a role, a removal, an
 * accepted invitation) refreshes its lists. Bursts (a colleague working through the chart) cost
 * one refetch.
 */
export function useMembersAdminLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = onLiveEvent('organization.updated', () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: membersAdminQueries.all });
      }, 300);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient]);
}
