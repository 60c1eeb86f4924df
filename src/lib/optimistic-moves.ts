import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * What every optimistic move (a card on a board; later a file in a folder, a person in the org
 * chart) has to get right, for any number of moves on their way at once:
 * - the list shows the move at once; a refused move puts back what was shown before it;
 * - the server's answer is applied as the truth, but it is the order as of its own commit: if a
 *   colleague's change arrived live while it was on its way, the answer may predate it, so the
 *   list is fetched again;
 * - that fetch (and one cancelled to make room for the move) waits until none of this tab's
 *   moves on the list is on its way: a fetch that read before one of them committed would undo it
 *   on screen.
 *
 * `scope` names one list (a board's project id); `queryKey(scope)` is what is cancelled, restored
 * and fetched again, and `mutationKey(scope)` identifies the moves on it.
 */
export function createMoveCoordinator<Data>(options: {
  queryKey: (scope: string) => QueryKey;
  mutationKey: (scope: string) => QueryKey;
}) {
  /** How many colleagues' changes each list has taken from the live stream. */
  const liveChanges = new Map<string, number>();
  /** Lists to fetch again once none of this tab's moves on them is on its way. */
  const owed = new Set<string>();

  return {
    /** A live event changed the list's order: answers that were on their way may be stale. */
    noteLiveChange(scope: string) {
      liveChanges.set(scope, (liveChanges.get(scope) ?? 0) + 1);
    },

    /**
     * Before the move is sent: cancels fetches of the list (owing one if any was running), and
     * shows `optimistic(previous)`. Returns the context the other steps need.
     */
    async begin(queryClient: QueryClient, scope: string, optimistic: (previous: Data) => Data) {
      const queryKey = options.queryKey(scope);
      if (queryClient.isFetching({ queryKey }) > 0) owed.add(scope);
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<Data>(queryKey);
      if (previous !== undefined) queryClient.setQueryData<Data>(queryKey, optimistic(previous));
      return { previous, mark: liveChanges.get(scope) ?? 0 };
    },

    /** The server accepted: `apply` its answer; fetch again later if the answer may be stale. */
    succeed(
      queryClient: QueryClient,
      scope: string,
      context: { mark: number },
      apply: (current: Data | undefined) => Data | undefined,
    ) {
      queryClient.setQueryData<Data>(options.queryKey(scope), apply);
      if ((liveChanges.get(scope) ?? 0) !== context.mark) owed.add(scope);
    },

    /** The server refused: show what was there before, and fetch the truth later. */
    fail(queryClient: QueryClient, scope: string, context: { previous: Data | undefined } | undefined) {
      if (context?.previous !== undefined) queryClient.setQueryData<Data>(options.queryKey(scope), context.previous);
      owed.add(scope);
    },

    /**
     * Each move's end (call from `onSettled`; the move still counts as on its way): the one owed
     * fetch runs when the last move on the list ends.
     */
    settle(queryClient: QueryClient, scope: string) {
      if (!owed.has(scope) || queryClient.isMutating({ mutationKey: options.mutationKey(scope) }) > 1) return;
      owed.delete(scope);
      void queryClient.invalidateQueries({ queryKey: options.queryKey(scope) });
    },
  };
}
