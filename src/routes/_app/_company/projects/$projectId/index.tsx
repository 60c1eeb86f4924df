import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import {
  BoardToolbar,
  BoardView,
  CardEditor,
  CardPanelHeader,
  boardQueries,
  hasFilters,
  matchesFilters,
  parseFilters,
  useBoardCommentCopies,
  useBoardLive,
  type BoardFilters,
} from '@/features/board';
import { useMe } from '@/features/auth';
import { rememberBoardVisit } from '@/features/home';
import { cardCommentTarget, CommentHighlight, CommentThreads } from '@/features/comments';
import { CardCredits } from '@/features/credits';
import { memberQueries, useMemberMap } from '@/features/members';
import { MarkdownField } from '@/features/wiki';
import { isTyping } from '@/lib/dom';
import { Button, EmptyState, SidePanel, useDocumentTitle } from '@/ui';

/** `card` opens a card's panel; `comment` (with it) scrolls to one of its comments and highlights it. */
type BoardSearch = BoardFilters & { card?: string; comment?: string };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const Route = createFileRoute('/_app/_company/projects/$projectId/')({
  validateSearch: (search: Record<string, unknown>): BoardSearch => ({
    ...parseFilters(search),
    card: typeof search.card === 'string' && UUID.test(search.card) ? search.card : undefined,
    comment: typeof search.comment === 'string' && UUID.test(search.comment) ? search.comment : undefined,
  }),
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(boardQueries.detail(params.projectId)),
      context.queryClient.ensureQueryData(memberQueries.list()),
    ]),
  component: BoardPage,
});

function BoardPage() {
  const { projectId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const board = useSuspenseQuery(boardQueries.detail(projectId)).data;
  const members = useSuspenseQuery(memberQueries.list()).data;
  const memberMap = useMemberMap();
  const me = useMe();
  const updateCopies = useBoardCommentCopies(projectId);
  useBoardLive(projectId);
  useDocumentTitle(board.name);
  // Home lists the boards a person opened lately.
  useEffect(
    () => rememberBoardVisit(me.user.id, { id: board.id, name: board.name }),
    [me.user.id, board.id, board.name],
  );

  const { card: openCard, comment: linkedComment, assignee, label, priority, blocked } = search;
  const filters = useMemo<BoardFilters>(
    () => ({ assignee, label, priority, blocked }),
    [assignee, label, priority, blocked],
  );
  const target = useMemo(() => (openCard ? cardCommentTarget(projectId, openCard) : null), [projectId, openCard]);

  // Board order of the cards shown, for J / K in the card panel.
  const order = useMemo(
    () =>
      board.columns.flatMap((column) =>
        column.cards.filter((card) => matchesFilters(card, filters)).map((card) => card.id),
      ),
    [board, filters],
  );

  const openCardId = useCallback(
    // A linked comment belongs to the card it came with: another card (or none) drops it.
    (cardId: string | undefined) =>
      void navigate({ search: (previous) => ({ ...previous, card: cardId, comment: undefined }) }),
    [navigate],
  );
  // Card links are plain hrefs (cheap for thousands of cards) that keep the board's filters.
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const linkFor = useCallback(
    (cardId: string) => {
      const params = new URLSearchParams(searchStr);
      params.set('card', cardId);
      params.delete('comment');
      return `/projects/${projectId}?${params}`;
    },
    [projectId, searchStr],
  );
  const closePanel = () => {
    const returnTo = openCard;
    openCardId(undefined);
    requestAnimationFrame(() => document.getElementById(`card-title-${returnTo}`)?.focus());
  };

  useEffect(() => {
    if (!openCard) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]')) return;
      const step = event.key === 'j' ? 1 : event.key === 'k' ? -1 : 0;
      if (!step) return;
      const index = order.indexOf(openCard!);
      const next = order[index + step];
      if (next) {
        event.preventDefault();
        void navigate({ search: (previous) => ({ ...previous, card: next, comment: undefined }) });
      }
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [openCard, order, navigate]);

  return (
    <>
      <BoardToolbar
        board={board}
        members={members}
        filters={filters}
        onFiltersChange={(next) =>
          void navigate({
            search: (previous) => ({ card: previous.card, comment: previous.comment, ...next }),
            replace: true,
          })
        }
      />
      {order.length === 0 && hasFilters(filters) && (
        <EmptyState
          title="No cards match these filters"
          action={
            <Button size="small" onClick={() => void navigate({ search: () => ({}), replace: true })}>
              Clear filters
            </Button>
          }
        >
          {board.columns.reduce((sum, column) => sum + column.cards.length, 0)} cards on this board are hidden by the
          filters.
        </EmptyState>
      )}
      <BoardView board={board} filters={filters} members={memberMap} linkFor={linkFor} onOpen={openCardId} />
      {openCard && target && (
        <SidePanel
          label="Card details"
          onClose={closePanel}
          header={<CardPanelHeader projectId={projectId} cardId={openCard} link={linkFor(openCard)} />}
        >
          <CardEditor
            key={openCard}
            projectId={projectId}
            cardId={openCard}
            members={members}
            DescriptionField={MarkdownField}
          />
          <CardCredits projectId={projectId} cardId={openCard} />
          <CommentHighlight commentId={linkedComment}>
            <CommentThreads
              key={`comments-${openCard}`}
              target={target}
              userId={me.user.id}
              onChange={(change) => updateCopies(openCard, change)}
            />
          </CommentHighlight>
          <p className="muted board-panel-hint">
            <kbd>J</kbd> / <kbd>K</kbd> next and previous card · <kbd>Esc</kbd> closes
          </p>
        </SidePanel>
      )}
    </>
  );
}
