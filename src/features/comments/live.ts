import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, type LiveEvent } from '@/api';
import type { CommentTarget } from './target';

/** Refetches the target's comments when a colleague's comment event for it arrives. */
export function useCommentLive(target: CommentTarget) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = ({ data }: LiveEvent) => {
      if (target.matches(data)) void queryClient.invalidateQueries({ queryKey: target.key });
    };
    const stops = target.events.map((type) => onLiveEvent(type, refresh));
    return () => stops.forEach((stop) => stop());
  }, [queryClient, target]);
}
