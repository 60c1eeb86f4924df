import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync, type LiveEventType } from '@/api';
import { projectQueries } from '@/features/board';
import { homeQueries } from './queries';

/** Changes that can add to or reorder Home's cards and activity. */
const HOME_EVENTS: LiveEventType[] = [
  'card.created',
  'card.moved',
  'card.updated',
  'card.archived',
  'card.restored',
  'comment.created',
  'comment.updated',
  'comment.resolved',
  'comment.reopened',
  'comment.deleted',
  // Board and column names, and projects archived or restored.
  'project.updated',
  'columns.changed',
];
/** A burst of changes (a colleague dragging cards about) refetches at most this often. */
const MIN_INTERVAL_MS = 1000;

/**
 * Keeps Home fresh while it is shown: colleagues' changes refetch its lists, at most once a second
 * however many arrive. Which events concern this person's cards is the server's business (a
 * thread they wrote in is not visible here), so any of them refetches.
 */
export function useHomeLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const refetch = () => {
      timer = undefined;
      last = Date.now();
      void queryClient.invalidateQueries({ queryKey: homeQueries.all });
    };
    const schedule = () => {
      timer ??= setTimeout(refetch, Math.max(0, last + MIN_INTERVAL_MS - Date.now()));
    };
    const renamed = () => {
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      schedule();
    };
    const stops = [
      ...HOME_EVENTS.map((type) => onLiveEvent(type, type === 'project.updated' ? renamed : schedule)),
      onLiveResync(schedule),
    ];
    return () => {
      stops.forEach((stop) => stop());
      clearTimeout(timer);
    };
  }, [queryClient]);
}
