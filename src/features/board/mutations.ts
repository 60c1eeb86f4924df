import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, isApiError, recordConflictOf, unwrap, type UpdateCardRequest } from '@/api';
import { memberQueries } from '@/features/members';
import { toast } from '@/ui';
import { applyColumnOrders, moveLocally, replaceCard } from './board-cache';
import { cardMoves, cardSaves, storeCard, storeColumnOrders } from './board-writer';
import { editConflictOf, fieldList } from './edit-conflict';
import { refetchDelegations, refetchMessages, storeSession } from './delegation-writer';
import { forgetSavedCardDrafts } from './hooks/use-card-drafts';
import { boardQueries, projectQueries } from './queries';

export type MoveInput = { cardId: string; columnId: string; position: number; title: string };

/**
 * Moves a card: the board shows the move at once, the server's column orders then replace it as
 * the truth, and a refused move is rolled back with the server's message (see `cardMoves` for
 * how answers and colleagues' live moves are reconciled).
 */
export function useMoveCard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['move-card', projectId],
    mutationFn: ({ cardId, columnId, position }: MoveInput) =>
      unwrap(
        api.PATCH('/projects/{projectId}/cards/{cardId}/move', {
          params: { path: { projectId, cardId } },
          body: { columnId, position },
        }),
      ),
    onMutate: ({ cardId, columnId, position }) =>
      cardMoves.begin(queryClient, projectId, (board) => moveLocally(board, cardId, columnId, position)),
    onSuccess: (result, _input, context) => {
      cardMoves.succeed(
        queryClient,
        projectId,
        context,
        (board) => board && applyColumnOrders(board, result.columns, result.card),
      );
      queryClient.setQueryData(boardQueries.card(projectId, result.card.id).queryKey, result.card);
    },
    onError: (error, { title }, context) => {
      cardMoves.fail(queryClient, projectId, context);
      toast('error', `Could not move “${title}”`, errorMessage(error));
    },
    onSettled: () => cardMoves.settle(queryClient, projectId),
  });
}

export function useCreateCard(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { columnId: string; title: string; position?: number }) =>
      unwrap(api.POST('/projects/{projectId}/cards', { params: { path: { projectId } }, body: input })),
    onSuccess: (result) => storeColumnOrders(queryClient, projectId, result.columns, result.card),
  });
}

function patchCard(projectId: string, cardId: string, changes: UpdateCardRequest) {
  return unwrap(
    api.PATCH('/projects/{projectId}/cards/{cardId}', { params: { path: { projectId, cardId } }, body: changes }),
  );
}

/** Changes saved as their card was left (the panel closed, another card opened): no panel shows their outcome. */
const savedOnLeaving = new WeakSet<UpdateCardRequest>();

/** A save for leaving a card (`mutate` of `useUpdateCard`): if it is refused, a toast says so and keeps the text. */
export function saveOnLeaving(mutate: (changes: UpdateCardRequest) => void) {
  return (changes: UpdateCardRequest) => {
    savedOnLeaving.add(changes);
    mutate(changes);
  };
}

/**
 * A save made on leaving a card was refused: a toast that stays until it is dismissed says so,
 * holding the changes. Refused because someone else changed those fields meanwhile, "Save mine
 * anyway" saves them over the colleague's; refused for another reason, "Retry" sends them again.
 */
function reportLeftSave(
  queryClient: QueryClient,
  projectId: string,
  cardId: string,
  changes: UpdateCardRequest,
  error: unknown,
) {
  const conflict = editConflictOf(error);
  const card = conflict?.card ?? queryClient.getQueryData(boardQueries.card(projectId, cardId).queryKey);
  const again = conflict ? { ...changes, baseVersion: conflict.card.version } : changes;
  const resend = () => {
    const retry = { ...again };
    patchCard(projectId, cardId, retry).then(
      (saved) => {
        storeCard(queryClient, projectId, saved);
        forgetSavedCardDrafts(saved);
        toast('success', `Saved your edit of “${saved.title}”`);
      },
      (failure: unknown) => {
        const refused = editConflictOf(failure);
        if (refused) storeCard(queryClient, projectId, refused.card);
        reportLeftSave(queryClient, projectId, cardId, retry, failure);
      },
    );
  };
  toast(
    'error',
    card ? `Your edit of “${card.title}” was not saved` : 'Your card edit was not saved',
    conflict
      ? `Someone else changed the ${fieldList(conflict.fields)} while you were editing; theirs is kept.`
      : errorMessage(error),
    { sticky: true, action: { label: conflict ? 'Save mine anyway' : 'Retry', onAction: resend } },
  );
}

/**
 * Saves card fields, one save after another per card (see `cardSaves`): the open card shows the
 * change at once (`useShownCard`, for as long as the save is on its way), then the board and the
 * card show what the server returned; a refused change is no longer shown, and the caller reports
 * the server's message. A change refused because someone else changed that field since its
 * `baseVersion` (412 `EDIT_CONFLICT`) stores the card the refusal carries.
 */
export function useUpdateCard(projectId: string, cardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cardSaves.mutationKey(projectId, cardId),
    scope: cardSaves.scope(projectId, cardId),
    mutationFn: (changes: UpdateCardRequest) => patchCard(projectId, cardId, changes),
    onMutate: () => cardSaves.begin(queryClient, projectId, cardId),
    onSuccess: (card, changes) => {
      storeCard(queryClient, projectId, card);
      forgetSavedCardDrafts(card);
      // An agent assignee opens a delegation, a new assignee ends one: this tab does not get its own events.
      if (changes.assignee !== undefined) refetchDelegations(queryClient, projectId);
    },
    onError: (error, changes) => {
      // Someone else changed a field of this edit: the card as it now is (the panel offers both values).
      const conflict = editConflictOf(error);
      if (conflict) storeCard(queryClient, projectId, conflict.card);
      if (savedOnLeaving.has(changes)) reportLeftSave(queryClient, projectId, cardId, changes, error);
      // The agent was paused or completed meanwhile: the pickers show its state once the members are read again.
      if (isApiError(error) && error.code === 'AGENT_UNAVAILABLE')
        void queryClient.invalidateQueries({ queryKey: memberQueries.all });
    },
    onSettled: () => cardSaves.settle(queryClient, projectId, cardId),
  });
}

/**
 * Stops the agent working on a delegated card (the accountable person or an admin may): the answer
 * is the session, now stopped, shown on the card at once; the server's "Stopped by …" note is read.
 */
export function useStopDelegation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, sessionId }: { agentId: string; sessionId: string }) =>
      unwrap(api.POST('/agents/{agentId}/sessions/{sessionId}/stop', { params: { path: { agentId, sessionId } } })),
    onSuccess: (session) => {
      storeSession(queryClient, session);
      refetchMessages(queryClient, session.agentId, session.id);
    },
    onError: (error) => toast('error', 'Could not stop the agent', errorMessage(error)),
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
    mutationFn: (changes: { name?: string; description?: string; archived?: boolean; baseVersion?: number }) =>
      unwrap(api.PATCH('/projects/{projectId}', { params: { path: { projectId } }, body: changes })),
    onSuccess: (project) => {
      queryClient.setQueryData(boardQueries.detail(projectId).queryKey, (board) => board && { ...board, ...project });
      void queryClient.invalidateQueries({ queryKey: projectQueries.all });
    },
    onError: (error) => {
      // Someone else changed it meanwhile: show the project as it now is (the form keeps mine).
      if (recordConflictOf(error))
        void queryClient.invalidateQueries({ queryKey: boardQueries.detail(projectId).queryKey });
    },
  });
}

/** Column changes answer with the new column list; the board refetches to stay exact. */
function useColumnMutation<T>(projectId: string, call: (input: T) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardQueries.detail(projectId).queryKey }),
    onError: (error) => {
      // A refused edit (someone else changed the column meanwhile) is shown in its form.
      if (recordConflictOf(error))
        void queryClient.invalidateQueries({ queryKey: boardQueries.detail(projectId).queryKey });
      else toast('error', failure, errorMessage(error));
    },
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
    ({
      columnId,
      ...changes
    }: {
      columnId: string;
      name?: string;
      position?: number;
      wipLimit?: number | null;
      baseVersion?: number;
    }) =>
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
