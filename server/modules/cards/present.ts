import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cardComments, cards } from '../../db/schema.ts';
import type { BoardCard, Card } from './schemas.ts';

export type CardRow = typeof cards.$inferSelect;
type CopyRow = { cardId: string; id: string; authorName: string; createdAt: Date; text: string };

/** The fields shared by both card shapes; `blocked`, `due` and `assignee` are absent when unset. */
function baseCard(row: CardRow) {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    description: row.description,
    ...(row.assigneeId && row.assigneeKind ? { assignee: row.assigneeId, assigneeKind: row.assigneeKind } : {}),
    column: row.columnId,
    priority: row.priority,
    labels: row.labels,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    checklist: row.checklist,
    ...(row.blocked !== null ? { blocked: row.blocked } : {}),
    ...(row.due !== null ? { due: row.due.toISOString() } : {}),
    archived: row.archivedAt !== null,
  };
}

/** The comment copies of some cards, oldest first, grouped by card. */
export async function commentCopies(db: Executor, cardIds: string[]): Promise<Map<string, CopyRow[]>> {
  const byCard = new Map<string, CopyRow[]>();
  if (cardIds.length === 0) return byCard;
  const rows = await db
    .select({
      cardId: cardComments.cardId,
      id: cardComments.id,
      authorName: cardComments.authorName,
      createdAt: cardComments.createdAt,
      text: cardComments.text,
    })
    .from(cardComments)
    .where(inArray(cardComments.cardId, cardIds))
    .orderBy(asc(cardComments.createdAt), asc(cardComments.id));
  for (const row of rows) {
    const list = byCard.get(row.cardId);
    if (list) list.push(row);
    else byCard.set(row.cardId, [row]);
  }
  return byCard;
}

/** A card as the card operations return it: comment copies with their ids. */
export function presentCard(row: CardRow, copies: CopyRow[] = []): Card {
  return {
    ...baseCard(row),
    comments: copies.map((copy) => ({
      id: copy.id,
      author: copy.authorName,
      at: copy.createdAt.toISOString(),
      text: copy.text,
    })),
  };
}

/** A card as embedded in the project detail: comment copies carry author, at and text only. */
export function presentBoardCard(row: CardRow, copies: CopyRow[] = []): BoardCard {
  return {
    ...baseCard(row),
    comments: copies.map((copy) => ({ author: copy.authorName, at: copy.createdAt.toISOString(), text: copy.text })),
  };
}

/** One card with its comment copies. */
export async function fullCard(db: Executor, row: CardRow): Promise<Card> {
  const copies = await commentCopies(db, [row.id]);
  return presentCard(row, copies.get(row.id));
}

/** Ordered ids of the live cards in a column. */
export async function liveCardIds(db: Executor, columnId: string): Promise<string[]> {
  const rows = await db
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.columnId, columnId), isNull(cards.archivedAt)))
    .orderBy(asc(cards.rank), asc(cards.id));
  return rows.map((row) => row.id);
}
