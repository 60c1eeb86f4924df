import type { BoardCard, Card, ColumnEntry, ProjectDetail, UpdateCardRequest } from '@/api';

/** Every card on the board by id. */
function cardsById(board: ProjectDetail): Map<string, BoardCard> {
  const map = new Map<string, BoardCard>();
  for (const column of board.columns) for (const card of column.cards) map.set(card.id, card);
  return map;
}

/**
 * Applies column orders the server returned (a move, a creation, …) as the truth: each named
 * column now holds exactly those cards in that order. `card` is the changed card's new state.
 */
export function applyColumnOrders(board: ProjectDetail, entries: ColumnEntry[], card?: BoardCard): ProjectDetail {
  const byId = cardsById(board);
  if (card) byId.set(card.id, card);
  const orders = new Map(entries.map((entry) => [entry.id, entry.cardIds]));
  const placed = new Set(entries.flatMap((entry) => entry.cardIds));
  let changed = false;
  const columns = board.columns.map((column) => {
    const ids = orders.get(column.id);
    if (ids) {
      // Usually the server confirms what the board already shows: keep the same objects then,
      // so nothing renders again except the changed card.
      const same = ids.length === column.cards.length && ids.every((id, index) => column.cards[index]!.id === id);
      if (same) {
        if (!card || !ids.includes(card.id)) return column;
        changed = true;
        return { ...column, cards: column.cards.map((item) => (item.id === card.id ? card : item)) };
      }
      changed = true;
      return { ...column, cards: ids.map((id) => byId.get(id)).filter((item): item is BoardCard => Boolean(item)) };
    }
    // A card now placed in a named column cannot also stay here.
    if (!column.cards.some((item) => placed.has(item.id))) return column;
    changed = true;
    return { ...column, cards: column.cards.filter((item) => !placed.has(item.id)) };
  });
  return changed ? { ...board, columns } : board;
}

/** The move as the user made it, before the server answers: `position` counts without the card. */
export function moveLocally(board: ProjectDetail, cardId: string, columnId: string, position: number): ProjectDetail {
  const card = cardsById(board).get(cardId);
  if (!card) return board;
  const target = board.columns.find((column) => column.id === columnId);
  if (!target) return board;
  const ids = target.cards.map((item) => item.id).filter((id) => id !== cardId);
  ids.splice(Math.min(position, ids.length), 0, cardId);
  const entries: ColumnEntry[] = [{ id: columnId, cardIds: ids }];
  const source = board.columns.find((column) => column.cards.some((item) => item.id === cardId));
  if (source && source.id !== columnId) {
    entries.unshift({ id: source.id, cardIds: source.cards.map((item) => item.id).filter((id) => id !== cardId) });
  }
  return applyColumnOrders(board, entries, { ...card, column: columnId });
}

/** Replaces a card in place; an archived card leaves the board. */
export function replaceCard(board: ProjectDetail, card: BoardCard): ProjectDetail {
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.cards.some((item) => item.id === card.id)
        ? {
            ...column,
            cards: card.archived
              ? column.cards.filter((item) => item.id !== card.id)
              : column.cards.map((item) => (item.id === card.id ? card : item)),
          }
        : column,
    ),
  };
}

/** Where a card is: its column and its rank among the column's live cards. */
export function locate(board: ProjectDetail, cardId: string): { columnId: string; index: number } | undefined {
  for (const column of board.columns) {
    const index = column.cards.findIndex((card) => card.id === cardId);
    if (index >= 0) return { columnId: column.id, index };
  }
  return undefined;
}

/**
 * A card with changes applied before the server confirms them: `null` removes `assignee`, `due`
 * and `blocked`, as the server will. Title and description are drafts in the editor instead.
 */
export function withChanges(card: Card, changes: UpdateCardRequest): Card {
  const next: Card = { ...card };
  if (changes.priority !== undefined) next.priority = changes.priority;
  if (changes.labels !== undefined) next.labels = changes.labels;
  if (changes.checklist !== undefined) next.checklist = changes.checklist;
  if (changes.archived !== undefined) next.archived = changes.archived;
  if (changes.due === null) delete next.due;
  else if (changes.due !== undefined) next.due = changes.due;
  if (changes.blocked === null) delete next.blocked;
  else if (changes.blocked !== undefined) next.blocked = changes.blocked;
  if (changes.assignee === null) {
    delete next.assignee;
    delete next.assigneeKind;
  } else if (changes.assignee !== undefined) next.assignee = changes.assignee;
  return next;
}

/** A card face's comment copies with one more (its count and preview on the board). */
export function withCommentCopy(
  board: ProjectDetail,
  cardId: string,
  comment: { author: string; at: string; text: string },
): ProjectDetail {
  const { author, at, text } = comment;
  return {
    ...board,
    columns: board.columns.map((column) =>
      column.cards.some((card) => card.id === cardId)
        ? {
            ...column,
            cards: column.cards.map((card) =>
              card.id === cardId ? { ...card, comments: [...card.comments, { author, at, text }] } : card,
            ),
          }
        : column,
    ),
  };
}
