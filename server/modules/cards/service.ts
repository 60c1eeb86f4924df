import { and, eq, isNull, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { agents, boardColumns, cards, type ChecklistItem, users } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode, notFound } from '../../http/errors.ts';
import { companyOf, findProject } from '../projects/access.ts';
import { type CardRow, fullCard, liveCardIds } from './present.ts';
import type { Card, ColumnEntry } from './schemas.ts';

type Priority = CardRow['priority'];

/** Editable fields of a card; `null` clears `assignee`, `due` and `blocked`. */
export type CardChanges = {
  title?: string;
  description?: string;
  assignee?: string | null;
  priority?: Priority;
  labels?: string[];
  checklist?: ChecklistItem[];
  due?: string | null;
  blocked?: string | null;
  archived?: boolean;
};

export type NewCard = Omit<CardChanges, 'archived' | 'title'> & { title: string; columnId: string; position?: number };

function fieldError(path: string, message: string) {
  return new ApiError(400, `Invalid body: ${path}: ${message}`, ErrorCode.validation, {
    issues: [{ location: 'body', path, message }],
  });
}

/** Labels trimmed, empty ones dropped, duplicates (ignoring case) removed, order kept. */
export function normalizeLabels(labels: string[]): string[] {
  const seen = new Set<string>();
  return labels
    .map((label) => label.trim())
    .filter((label) => {
      const key = label.toLowerCase();
      if (!label || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** An assignee must be a person or an agent of the caller's company. */
async function resolveAssignee(db: Executor, companyId: string, id: string) {
  const [human] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, companyId)))
    .limit(1);
  if (human) return { assigneeKind: 'human' as const, assigneeId: id };
  const [agent] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.companyId, companyId)))
    .limit(1);
  if (agent) return { assigneeKind: 'agent' as const, assigneeId: id };
  throw fieldError('assignee', 'is not a person or an agent of this company');
}

/** A live column of the project, or 404 (also for a column of another project). */
async function findColumn(db: Executor, projectId: string, columnId: string) {
  const [column] = await db
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.id, columnId), eq(boardColumns.projectId, projectId), isNull(boardColumns.deletedAt)))
    .limit(1);
  if (!column) throw notFound('Column not found');
  return column;
}

export async function findCard(db: Executor, projectId: string, cardId: string): Promise<CardRow> {
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId)))
    .limit(1);
  if (!card) throw notFound('Card not found');
  return card;
}

/** Writes a column's order: rank i for the i-th id (and moves the ids into the column). */
async function writeOrder(db: Executor, columnId: string, ids: string[]) {
  if (ids.length === 0) return;
  const ranks = ids.map((_, index) => index);
  await db.execute(sql`
    update cards set rank = u.rank, column_id = ${columnId}
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ranks)}::int[]) as u(id, rank)
    where cards.id = u.id`);
}

/** `position` clamped into 0..length: a rank past the end puts the card at the bottom. */
const insertAt = (ids: string[], id: string, position: number) => {
  const next = [...ids];
  next.splice(Math.min(position, next.length), 0, id);
  return next;
};

async function fieldsFromChanges(db: Executor, companyId: string, changes: CardChanges) {
  const fields: Partial<typeof cards.$inferInsert> = {};
  if (changes.title !== undefined) fields.title = changes.title;
  if (changes.description !== undefined) fields.description = changes.description;
  if (changes.priority !== undefined) fields.priority = changes.priority;
  if (changes.labels !== undefined) fields.labels = normalizeLabels(changes.labels);
  if (changes.checklist !== undefined) fields.checklist = changes.checklist;
  if (changes.due !== undefined) fields.due = changes.due === null ? null : new Date(changes.due);
  if (changes.blocked !== undefined) fields.blocked = changes.blocked;
  if (changes.assignee === null) Object.assign(fields, { assigneeKind: null, assigneeId: null });
  else if (changes.assignee !== undefined)
    Object.assign(fields, await resolveAssignee(db, companyId, changes.assignee));
  return fields;
}

export async function getCard(ctx: AppContext, actor: Actor, projectId: string, cardId: string): Promise<Card> {
  const company = companyOf(actor.principal);
  await findProject(ctx.db, company.id, projectId);
  return fullCard(ctx.db, await findCard(ctx.db, projectId, cardId));
}

/** Creates a card at `position` among the column's live cards (default: at the bottom). */
export async function createCard(ctx: AppContext, actor: Actor, projectId: string, input: NewCard) {
  const company = companyOf(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: true });
    await findColumn(tx, projectId, input.columnId);
    const fields = await fieldsFromChanges(tx, company.id, input);
    const order = await liveCardIds(tx, input.columnId);
    const [row] = await tx
      .insert(cards)
      .values({ ...fields, title: input.title, projectId, columnId: input.columnId, rank: order.length })
      .returning();
    const ids = insertAt(order, row!.id, input.position ?? order.length);
    if (ids.at(-1) !== row!.id) await writeOrder(tx, input.columnId, ids);
    const card = await fullCard(tx, (await findCard(tx, projectId, row!.id))!);
    const columns: ColumnEntry[] = [{ id: input.columnId, cardIds: ids }];
    await recordEvent(ctx, tx, actor, 'card.created', { projectId, card, columns });
    return { card, columns };
  });
}

/** Edits fields; `archived` takes the card off the board or brings it back at the bottom. */
export async function updateCard(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  changes: CardChanges,
) {
  const company = companyOf(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: changes.archived !== undefined });
    const current = await findCard(tx, projectId, cardId);
    const fields = await fieldsFromChanges(tx, company.id, changes);
    let type = 'card.updated';
    if (changes.archived === true && current.archivedAt === null) {
      fields.archivedAt = new Date();
      type = 'card.archived';
    } else if (changes.archived === false && current.archivedAt !== null) {
      // Restored at the bottom of its column, or of the first column if its column was deleted.
      const [column] = await tx
        .select({ id: boardColumns.id, deletedAt: boardColumns.deletedAt })
        .from(boardColumns)
        .where(eq(boardColumns.id, current.columnId));
      let columnId = current.columnId;
      if (!column || column.deletedAt) {
        const [first] = await tx
          .select({ id: boardColumns.id })
          .from(boardColumns)
          .where(and(eq(boardColumns.projectId, projectId), isNull(boardColumns.deletedAt)))
          .orderBy(boardColumns.position)
          .limit(1);
        if (!first) throw conflict('The board has no column to restore the card into; add a column first');
        columnId = first.id;
      }
      const [last] = await tx
        .select({ rank: max(cards.rank) })
        .from(cards)
        .where(and(eq(cards.columnId, columnId), isNull(cards.archivedAt)));
      Object.assign(fields, { archivedAt: null, columnId, rank: (last?.rank ?? -1) + 1 });
      type = 'card.restored';
    }
    const [row] = await tx
      .update(cards)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(cards.id, cardId))
      .returning();
    const card = await fullCard(tx, row!);
    const columns =
      type === 'card.updated' ? undefined : [{ id: row!.columnId, cardIds: await liveCardIds(tx, row!.columnId) }];
    await recordEvent(ctx, tx, actor, type, { projectId, card, ...(columns ? { columns } : {}) });
    return card;
  });
}

/**
 * Moves a card (spec, States and transitions): it takes rank `position` among the live cards of
 * the target column counted without itself; a rank past the end puts it at the bottom. Holding
 * the project's lock, concurrent moves apply one after the other on fresh orders, so none is
 * lost, duplicated or misplaced.
 */
export async function moveCard(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  target: { columnId: string; position: number },
) {
  const company = companyOf(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: true });
    const current = await findCard(tx, projectId, cardId);
    if (current.archivedAt) throw conflict('This card is archived; restore it before moving it');
    await findColumn(tx, projectId, target.columnId);

    const targetIds = insertAt(
      (await liveCardIds(tx, target.columnId)).filter((id) => id !== cardId),
      cardId,
      target.position,
    );
    await writeOrder(tx, target.columnId, targetIds);
    const columns: ColumnEntry[] = [];
    if (current.columnId !== target.columnId) {
      const sourceIds = (await liveCardIds(tx, current.columnId)).filter((id) => id !== cardId);
      await writeOrder(tx, current.columnId, sourceIds);
      columns.push({ id: current.columnId, cardIds: sourceIds });
    }
    columns.push({ id: target.columnId, cardIds: targetIds });

    const [row] = await tx.update(cards).set({ updatedAt: new Date() }).where(eq(cards.id, cardId)).returning();
    const card = await fullCard(tx, row!);
    await recordEvent(ctx, tx, actor, 'card.moved', { projectId, card, columns });
    return { card, columns };
  });
}
