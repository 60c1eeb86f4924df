import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { UpdateCardRequest } from '@/api';
import { withChanges } from '../board-cache';
import { cardSaves } from '../board-writer';
import { boardQueries } from '../queries';

/**
 * A card as its panel shows it: the server's copy (the cache) with the changes of the card's saves
 * still on their way on top, in the order they were made (see `cardSaves`). Each save counts for
 * the fields it sent and only while it is on its way: an answer, a colleague's live change or a
 * refetch cannot hide another save's change, and a refused save's fields show the server's value.
 */
export function useShownCard(projectId: string, cardId: string) {
  const query = useQuery(boardQueries.card(projectId, cardId));
  const pending = usePendingChanges(projectId, cardId);
  const card = useMemo(
    () => (query.data && pending.length > 0 ? pending.reduce(withChanges, query.data) : query.data),
    [query.data, pending],
  );
  return { query, card };
}

const none: UpdateCardRequest[] = [];

/**
 * The changes of the card's saves on their way, oldest first, read as soon as a save starts or
 * ends. (`useMutationState` hears of them a task later: a ticked checkbox, a controlled input,
 * would show its old state in between, and a click's own check of it could find it unchanged.)
 */
function usePendingChanges(projectId: string, cardId: string): UpdateCardRequest[] {
  const mutations = useQueryClient().getMutationCache();
  const last = useRef(none);
  const subscribe = useCallback((changed: () => void) => mutations.subscribe(changed), [mutations]);
  const read = useCallback(() => {
    const changes = mutations
      .findAll({ mutationKey: cardSaves.mutationKey(projectId, cardId), status: 'pending' })
      .map((mutation) => mutation.state.variables as UpdateCardRequest);
    const same = changes.length === last.current.length && changes.every((item, i) => item === last.current[i]);
    if (!same) last.current = changes.length > 0 ? changes : none;
    return last.current;
  }, [mutations, projectId, cardId]);
  return useSyncExternalStore(subscribe, read, read);
}
