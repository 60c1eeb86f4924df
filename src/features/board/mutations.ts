import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap, type Card, type UpdateCardRequest } from '@/api';
import { toast } from '@/ui';
import { applyColumnOrders, liveOrderMark, moveLocally, replaceCard, withChanges } from './board-cache';
import { boardQueries, projectQueries } from './queries';

export type MoveInput = { cardId: string; columnId: string; position: number; title: string };

/** Boards to fetch again once none of this tab's moves on them is on its way. */
const boardsToRefetch = new Set<string>();

/**
 * Moves a card: the board shows the move at once, the server's column orders then replace it as
 * the truth, and a refused move is rolled back with the server's message. If a colleague's change
 * to the board arrived live while the move was on its way, the answer may predate it: it is still
 * applied (it places this card), then the board is fetched again so that theirs is not undone —
 * once no other move of this tab on the board is on its way, since a fetch that read before one
 * of them committed would undo that one.
 */
export function useMoveCard(projectId: string) {
  const queryClient = useQueryClient();
  const key = boardQueries.detail(projectId).queryKey;
  const mutationKey = ['move-card', projectId];
  return useMutation({
    mutationKey,
    mutationFn: ({ cardId, columnId, position }: MoveInput) =>
      unwrap(
        api.PATCH('/projects/{projectId}/cards/{cardId}/move', {
          params: { path: { projectId, cardId } },
          body: { columnId, position },
        }),
      ),
    onMutate: async ({ cardId, columnId, position }) => {
      // A fetch cancelled here is owed: it is made again when the moves have settled.
      if (queryClient.isFetching({ queryKey: key }) > 0) boardsToRefetch.add(projectId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, moveLocally(previous, cardId, columnId, position));
      return { previous, mark: liveOrderMark(projectId) };
    },
    onSuccess: (result, _input, context) => {
      queryClient.setQueryData(key, (board) => board && applyColumnOrders(board, result.columns, result.card));
      queryClient.setQueryData(boardQueries.card(projectId, result.card.id).queryKey, result.card);
      if (liveOrderMark(projectId) !== context.mark) boardsToRefetch.add(projectId);
    },
    onError: (error, { title }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast('error', `Could not move “${title}”`, errorMessage(error));
      // The server's truth, fetched once the tab's other moves on this board have settled.
      boardsToRefetch.add(projectId);
    },
    onSettled: () => {
      // This move still counts as on its way until its callbacks have run.
      if (!boardsToRefetch.has(projectId) || queryClient.isMutating({ mutationKey }) > 1) return;
      boardsToRefetch.delete(projectId);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useCreateCard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { columnId: string; title: string; position?: number }) =>
      unwrap(api.POST('/projects/{projectId}/cards', { params: { path: { projectId } }, body: input })),
    onSuccess: (result) =>
      queryClient.setQueryData(
        boardQueries.detail(projectId).queryKey,
        (board) => board && applyColumnOrders(board, result.columns, result.card),
      ),
  });
}

/**
 * Saves card fields: the open card shows the change at once, then the board and the card show
 * what the server returned; a refused change is rolled back.
 */
export function useUpdateCard(projectId: string, cardId: string) {
  const queryClient = useQueryClient();
  const key = boardQueries.card(projectId, cardId).queryKey;
  return useMutation({
    mutationFn: (changes: UpdateCardRequest) =>
      unwrap(
        api.PATCH('/projects/{projectId}/cards/{cardId}', { params: { path: { projectId, cardId } }, body: changes }),
      ),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, withChanges(previous, changes));
      return { previous };
    },
    onSuccess: (card) => storeCard(queryClient, projectId, card),
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}

/**
 * Archives a card from the board (its menu): it leaves the board at once, the server's answer
 * then stands, and a refused archive puts it back with the server's message.
 */
export function useArchiveCard(projectId: string) {
  const queryClient = useQueryClient();
  const key = boardQueries.detail(projectId).queryKey;
  return useMutation({
    mutationFn: ({ cardId }: { cardId: string; title: string }) =>
      unwrap(
        api.PATCH('/projects/{projectId}/cards/{cardId}', {
          params: { path: { projectId, cardId } },
          body: { archived: true },
        }),
      ),
    onMutate: async ({ cardId }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      const card = previous?.columns.flatMap((column) => column.cards).find((item) => item.id === cardId);
      if (previous && card) queryClient.setQueryData(key, replaceCard(previous, { ...card, archived: true }));
      return { previous };
    },
    onSuccess: (card, { title }) => {
      storeCard(queryClient, projectId, card);
      toast('success', `Archived “${title}”`, 'Open it from its link to restore it.');
    },
    onError: (error, { title }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast('error', `Could not archive “${title}”`, errorMessage(error));
    },
  });
}

export function storeCard(queryClient: ReturnType<typeof useQueryClient>, projectId: string, card: Card) {
  queryClient.setQueryData(boardQueries.card(projectId, card.id).queryKey, card);
  const key = boardQueries.detail(projectId).queryKey;
  const board = queryClient.getQueryData(key);
  if (!board) return;
  const onBoard = board.columns.some((column) => column.cards.some((item) => item.id === card.id));
  if (onBoard) queryClient.setQueryData(key, replaceCard(board, card));
  // A restored card comes back: refetch to learn its place.
  else if (!card.archived) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; description?: string }) => unwrap(api.POST('/projects', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectQueries.all }),
  });
}

export function useUpdateProject(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: { name?: string; description?: string; archived?: boolean }) =>
      unwrap(api.PATCH('/projects/{projectId}', { params: { path: { projectId } }, body: changes })),
    onSuccess: (project) => {
      queryClient.setQueryData(boardQueries.detail(projectId).queryKey, (board) => board && { ...board, ...project });
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
    },
  });
}

/** Column changes answer with the new column list; the board refetches to stay exact. */
function useColumnMutation<T>(projectId: string, call: (input: T) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardQueries.detail(projectId).queryKey }),
    onError: (error) => toast('error', failure, errorMessage(error)),
  });
}

export function useCreateColumn(projectId: string) {
  return useColumnMutation(
    projectId,
    (input: { name: string; wipLimit?: number | null }) =>
      unwrap(api.POST('/projects/{projectId}/columns', { params: { path: { projectId } }, body: input })),
    'Could not add the column',
  );
}

export function useUpdateColumn(projectId: string) {
  return useColumnMutation(
    projectId,
    ({ columnId, ...changes }: { columnId: string; name?: string; position?: number; wipLimit?: number | null }) =>
      unwrap(
        api.PATCH('/projects/{projectId}/columns/{columnId}', {
          params: { path: { projectId, columnId } },
          body: changes,
        }),
      ),
    'Could not change the column',
  );
}

export function useDeleteColumn(projectId: string) {
  return useColumnMutation(
    projectId,
    (columnId: string) =>
      unwrap(api.DELETE('/projects/{projectId}/columns/{columnId}', { params: { path: { projectId, columnId } } })),
    'Could not delete the column',
  );
}
