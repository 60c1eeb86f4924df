import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { agents, boardColumns, cardComments, cards, type ChecklistItem, projects, users } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode, notFound } from '../../http/errors.ts';
import { companyOf, findProject } from '../projects/access.ts';
import { type CardRow, fullCard, liveCardIds, presentCard } from './present.ts';
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

/** Distance between neighbouring ranks after a renumbering. */
const STEP = 1024;
/** Neighbours closer than this leave no room in between: the column is renumbered. */
const MIN_GAP = 1e-6;

type Placed = { id: string; columnId: string; rank: number };

/** The live cards of some columns, each column in order. */
async function liveCardsOf(db: Executor, columnIds: string[]): Promise<Map<string, Placed[]>> {
  const rows = await db
    .select({ id: cards.id, columnId: cards.columnId, rank: cards.rank })
    .from(cards)
    .where(and(inArray(cards.columnId, columnIds), isNull(cards.archivedAt)))
    .orderBy(asc(cards.rank), asc(cards.id));
  const byColumn = new Map<string, Placed[]>(columnIds.map((id) => [id, []]));
  for (const row of rows) byColumn.get(row.columnId)?.push(row);
  return byColumn;
}

/** Renumbers a column in the given order (and moves the ids into it). Rare: see MIN_GAP. */
async function renumber(db: Executor, columnId: string, ids: string[]) {
  if (ids.length === 0) return;
  const ranks = ids.map((_, index) => index * STEP);
  await db.execute(sql`
    update cards set rank = u.rank, column_id = ${columnId}
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ranks)}::float8[]) as u(id, rank)
    where cards.id = u.id`);
}

/**
 * Places `cardId` at `position` among `others` (the column's live cards without it, in order):
 * a rank between its new neighbours, or, when they are too close, a renumbered column. Returns
 * the column's new order.
 */
async function place(db: Executor, columnId: string, others: Placed[], cardId: string, position: number) {
  const index = Math.min(position, others.length);
  const ids = others.map((card) => card.id);
  ids.splice(index, 0, cardId);
  const rank = rankBetween(others[index - 1]?.rank, others[index]?.rank);
  if (rank === undefined) await renumber(db, columnId, ids);
  else await db.update(cards).set({ rank, columnId }).where(eq(cards.id, cardId));
  return ids;
}

/** A rank between two neighbours (either may be missing), or undefined when they are too close. */
function rankBetween(before?: number, after?: number): number | undefined {
  if (before === undefined && after === undefined) return 0;
  if (before === undefined) return after! - STEP;
  if (after === undefined) return before + STEP;
  const rank = (before + after) / 2;
  return rank - before < MIN_GAP || after - rank < MIN_GAP ? undefined : rank;
}

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
    const others = (await liveCardsOf(tx, [input.columnId])).get(input.columnId)!;
    const [row] = await tx
      .insert(cards)
      .values({
        ...fields,
        title: input.title,
        projectId,
        columnId: input.columnId,
        rank: (others.at(-1)?.rank ?? -STEP) + STEP,
      })
      .returning();
    const ids = await place(tx, input.columnId, others, row!.id, input.position ?? others.length);
    const card = await fullCard(tx, await findCard(tx, projectId, row!.id));
    const columns: ColumnEntry[] = [{ id: input.columnId, cardIds: ids }];
    await recordEvent(tx, actor, 'card.created', { projectId, card, columns });
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
      Object.assign(fields, { archivedAt: null, columnId, rank: (last?.rank ?? -STEP) + STEP });
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
    await recordEvent(tx, actor, type, { projectId, card, ...(columns ? { columns } : {}) });
    return card;
  });
}

type MoveLookup = {
  card_id: string;
  column_id: string;
  archived: boolean;
  column_ok: boolean;
  /** `id,id,…` of the target column's live cards without the moved one, in order. */
  target_ids: string;
  /** Ranks of the cards at position - 1 and position (just the one at 0 when position is 0). */
  neighbours: number[] | null;
  /** The highest rank in the target column, for a position past the end. */
  last_rank: number | null;
  /** `id,id,…` of the source column's live cards, in order. */
  source_ids: string;
};

const splitIds = (value: string) => (value ? value.split(',') : []);

/**
 * Moves a card (spec, States and transitions): it takes rank `position` among the live cards of
 * the target column counted without itself; a rank past the end puts it at the bottom. Holding
 * the project's lock, concurrent moves apply one after the other on fresh orders, so none is
 * lost, duplicated or misplaced.
 *
 * This is the board's hottest write, so it is four statements: take the lock, read everything,
 * write the card (one row; the column is renumbered only when neighbours get too close), record
 * the event. Column orders come back aggregated as strings, which is far cheaper to read than
 * hundreds of rows on the embedded database.
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
    // The lock first, in its own statement: under read committed, the statement that reads the
    // orders must start after the lock is held, or it would see them as they were before a
    // concurrent move that committed while this one waited.
    await findProject(tx, company.id, projectId, { lock: true });
    const lookup = await tx.execute<MoveLookup>(sql`
      select c.id as card_id, c.column_id, c.archived_at is not null as archived,
        exists (
          select 1 from ${boardColumns} bc
          where bc.id = ${target.columnId} and bc.project_id = p.id and bc.deleted_at is null
        ) as column_ok,
        (select coalesce(string_agg(t.id::text, ',' order by t.rank, t.id), '')
          from ${cards} t where t.column_id = ${target.columnId} and t.archived_at is null and t.id <> c.id) as target_ids,
        -- The ranks around the new place: the cards now at position - 1 and position.
        (select array_agg(n.rank order by n.rank, n.id) from (
          select t.rank, t.id from ${cards} t
          where t.column_id = ${target.columnId} and t.archived_at is null and t.id <> c.id
          order by t.rank, t.id offset ${Math.max(0, target.position - 1)} limit ${target.position === 0 ? 1 : 2}
        ) n) as neighbours,
        (select max(t.rank) from ${cards} t
          where t.column_id = ${target.columnId} and t.archived_at is null and t.id <> c.id) as last_rank,
        (select coalesce(string_agg(s.id::text, ',' order by s.rank, s.id), '')
          from ${cards} s where s.column_id = c.column_id and s.archived_at is null) as source_ids
      from ${projects} p
      join ${cards} c on c.project_id = p.id and c.id = ${cardId}
      where p.id = ${projectId} and p.company_id = ${company.id}`);
    const found = rowsOf<MoveLookup>(lookup)[0];
    if (!found) throw notFound('Card not found');
    if (found.archived) throw conflict('This card is archived; restore it before moving it');
    if (!found.column_ok) throw notFound('Column not found');

    const targetIds = splitIds(found.target_ids);
    const index = Math.min(target.position, targetIds.length);
    targetIds.splice(index, 0, cardId);
    const neighbours = found.neighbours ?? [];
    let rank =
      target.position === 0
        ? rankBetween(undefined, neighbours[0])
        : index < target.position // past the end: after the last card
          ? rankBetween(found.last_rank ?? undefined, undefined)
          : rankBetween(neighbours[0], neighbours[1]);
    if (rank === undefined) {
      await renumber(tx, target.columnId, targetIds);
      rank = index * STEP;
    }
    const moved = await tx.execute<Record<string, unknown>>(sql`
      with u as (
        update ${cards} set rank = ${rank}, column_id = ${target.columnId}, updated_at = now()
        where id = ${cardId} returning *
      )
      select u.*, coalesce((
        select json_agg(json_build_object('id', cc.id, 'author', cc.author_name, 'at', cc.created_at, 'text', cc.text)
          order by cc.created_at, cc.id)
        from ${cardComments} cc where cc.card_id = u.id
      ), '[]'::json) as comment_copies
      from u`);
    const row = rowsOf<Record<string, unknown>>(moved)[0]!;
    const copies = (row.comment_copies as { id: string; author: string; at: string; text: string }[]).map((copy) => ({
      cardId,
      id: copy.id,
      authorName: copy.author,
      createdAt: new Date(copy.at),
      text: copy.text,
    }));
    const card = presentCard(cardRowFromSql(row), copies);

    const columns: ColumnEntry[] = [];
    if (found.column_id !== target.columnId) {
      columns.push({ id: found.column_id, cardIds: splitIds(found.source_ids).filter((id) => id !== cardId) });
    }
    columns.push({ id: target.columnId, cardIds: targetIds });
    await recordEvent(tx, actor, 'card.moved', { projectId, card, columns });
    return { card, columns };
  });
}

/** Rows of a raw query, whichever driver answered (both return `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A card row from a raw `select *` (snake_case columns) in the shape Drizzle returns. */
function cardRowFromSql(row: Record<string, unknown>): CardRow {
  const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date));
  return {
    id: row.id as string,
    projectId: row.project_id as string,
    columnId: row.column_id as string,
    rank: Number(row.rank),
    title: row.title as string,
    description: row.description as string,
    assigneeKind: (row.assignee_kind as CardRow['assigneeKind']) ?? null,
    assigneeId: (row.assignee_id as string | null) ?? null,
    priority: row.priority as CardRow['priority'],
    labels: row.labels as string[],
    checklist: (typeof row.checklist === 'string' ? JSON.parse(row.checklist) : row.checklist) as ChecklistItem[],
    due: date(row.due),
    blocked: (row.blocked as string | null) ?? null,
    archivedAt: date(row.archived_at),
    createdAt: date(row.created_at)!,
    updatedAt: date(row.updated_at)!,
    searchKey: (row.search_key as string | null) ?? null,
  };
}
