import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { agents, boardColumns, cards, type ChecklistItem, users } from '../../db/schema.ts';
import { type CardAssignee, react } from '../../events/reactions.ts';
import { type Actor, recordEvent, recordEventArgs } from '../../events/record.ts';
import { rows } from '../../db/rows.ts';
import { ApiError, ErrorCode, conflict, invalidField, notFound } from '../../http/errors.ts';
import { conflictingFields, editorOf, nextFieldVersions } from '../../lib/field-versions.ts';
import { requireCompany } from '../../policies/index.ts';
import { findCard, findProject } from '../../policies/records.ts';
import { chargeCardWork } from '../credits/index.ts';
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
  /** The card version the edit was made on (field-level check); absent: applied as it is. */
  baseVersion?: number;
};

export type NewCard = Omit<CardChanges, 'archived' | 'baseVersion' | 'title'> & {
  title: string;
  columnId: string;
  position?: number;
};

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
  throw invalidField('assignee', 'is not a person or an agent of this company');
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

/** Positions are counted in a 32-bit integer by the database; anything past the end means the bottom. */
const BOTTOM = 2_147_483_647;

/**
 * Where a card goes when it takes rank `position` among the live cards of `columnId` counted
 * without itself (default and past the end: the bottom). Returns the column's new order and the
 * rank to write on the card's row; the database renumbers the other cards when the neighbours
 * are too close (migration 0005, `workspace_place_card`).
 */
async function placeCard(db: Executor, cardId: string, columnId: string, position = BOTTOM) {
  const result = await db.execute<{ ids: string[]; rank: number }>(sql`
    select array_to_json(card_ids) as ids, card_rank as rank
    from workspace_place_card(${cardId}, ${columnId}, ${Math.min(position, BOTTOM)})`);
  const placed = rows<{ ids: string[]; rank: number }>(result)[0]!;
  return { ids: placed.ids, rank: Number(placed.rank) };
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
  const company = requireCompany(actor.principal);
  await findProject(ctx.db, company.id, projectId);
  return fullCard(ctx.db, await findCard(ctx.db, projectId, cardId));
}

/** A card's assignee, or null. */
function assigneeOf(row: CardRow): CardAssignee | null {
  return row.assigneeKind && row.assigneeId ? { kind: row.assigneeKind, id: row.assigneeId } : null;
}

/**
 * Raises `cardAssigneeChanged` (server/reactions.ts: delegation to an agent, `card_assigned` for a
 * person) in the card's transaction when the assignee is not the one before (`null` before: a new
 * card). A reaction that throws refuses the card's change.
 */
async function assigneeChanged(tx: Executor, actor: Actor, before: CardRow | null, after: CardRow) {
  const [was, is] = [before && assigneeOf(before), assigneeOf(after)];
  if (was?.kind === is?.kind && was?.id === is?.id) return;
  const card = { id: after.id, projectId: after.projectId, title: after.title, description: after.description };
  await react('cardAssigneeChanged', tx, actor, { card, before: was, after: is });
}

/** Creates a card at `position` among the column's live cards (default: at the bottom). */
export async function createCard(ctx: AppContext, actor: Actor, projectId: string, input: NewCard) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: true });
    await findColumn(tx, projectId, input.columnId);
    const fields = await fieldsFromChanges(tx, company.id, input);
    const id = crypto.randomUUID();
    const { ids, rank } = await placeCard(tx, id, input.columnId, input.position);
    const [row] = await tx
      .insert(cards)
      .values({ ...fields, id, title: input.title, projectId, columnId: input.columnId, rank })
      .returning();
    const card = presentCard(row!);
    const columns: ColumnEntry[] = [{ id: input.columnId, cardIds: ids }];
    await recordEvent(tx, actor, 'card.created', { projectId, card, columns });
    await assigneeChanged(tx, actor, null, row!);
    return { card, columns };
  });
}

type Fields = Partial<typeof cards.$inferInsert>;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const time = (date: Date | null | undefined) => date?.getTime() ?? null;

/** The API fields whose value an edit changes (a field sent with the value it has is no change). */
function changedFields(current: CardRow, fields: Fields): string[] {
  const changed: string[] = [];
  if (fields.title !== undefined && fields.title !== current.title) changed.push('title');
  if (fields.description !== undefined && fields.description !== current.description) changed.push('description');
  if (fields.priority !== undefined && fields.priority !== current.priority) changed.push('priority');
  if (fields.labels !== undefined && !same(fields.labels, current.labels)) changed.push('labels');
  // Item by item: the database keeps an object's keys in its own order.
  const items = (list: ChecklistItem[]) => list.map(({ text, done }) => [text, done]);
  if (fields.checklist !== undefined && !same(items(fields.checklist), items(current.checklist)))
    changed.push('checklist');
  if (fields.due !== undefined && time(fields.due) !== time(current.due)) changed.push('due');
  if (fields.blocked !== undefined && fields.blocked !== current.blocked) changed.push('blocked');
  if (fields.assigneeId !== undefined && fields.assigneeId !== current.assigneeId) changed.push('assignee');
  return changed;
}

/**
 * Edits fields; `archived` takes the card off the board or brings it back at the bottom. With a
 * `baseVersion`, a field the edit changes that someone else changed since is 412 `EDIT_CONFLICT`
 * with the current card (server/lib/field-versions.ts), and nothing is stored.
 */
export async function updateCard(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  changes: CardChanges,
) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await chargeCardWork(ctx, tx, actor, 'updateCard', cardId);
    await findProject(tx, company.id, projectId, { lock: changes.archived !== undefined });
    const current = await findCard(tx, projectId, cardId, { lock: true });
    if (changes.baseVersion !== undefined && changes.baseVersion > current.version)
      throw invalidField('baseVersion', `is newer than the card's version (${current.version})`);
    const fields = await fieldsFromChanges(tx, company.id, changes);
    const changed = changedFields(current, fields);
    const by = editorOf(actor);
    const conflicts = conflictingFields(current.fieldVersions, changed, changes.baseVersion, by);
    if (conflicts.length > 0) {
      throw new ApiError(
        412,
        `Someone else changed ${conflicts.join(', ')} since your version: nothing was stored`,
        ErrorCode.editConflict,
        { fields: conflicts, card: await fullCard(tx, current) },
      );
    }
    const version = current.version + 1;
    fields.version = version;
    fields.fieldVersions = nextFieldVersions(current.fieldVersions, changed, version, by);
    let type: 'card.updated' | 'card.archived' | 'card.restored' = 'card.updated';
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
      const { rank } = await placeCard(tx, cardId, columnId);
      Object.assign(fields, { archivedAt: null, columnId, rank });
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
    if (changes.assignee !== undefined) await assigneeChanged(tx, actor, current, row!);
    return card;
  });
}

/** What `workspace_move_card` answers: a refusal, or the move's response. */
type MoveAnswer =
  { error: 'project' | 'card' | 'archived' | 'column' } | { error?: undefined; card: Card; columns: ColumnEntry[] };

const moveRefusals = {
  project: () => notFound('Project not found'),
  card: () => notFound('Card not found'),
  archived: () => conflict('This card is archived; restore it before moving it'),
  column: () => notFound('Column not found'),
};

/**
 * Moves a card (spec, States and transitions): it takes rank `position` among the live cards of
 * the target column counted without itself; a rank past the end puts it at the bottom. Moves of a
 * project are serialised by the project's row lock, so concurrent moves apply one after the other
 * on fresh orders: none is lost, duplicated or misplaced.
 *
 * This is the board's hottest write, so it is one call of a database function,
 * `workspace_move_card_recorded`, that checks, locks, writes and presents the card, and records the
 * event (its migrations are listed next to the call below). One statement is its own transaction,
 * and the embedded database's thread is never left holding a transaction open while this thread
 * works out the next statement; a function's plans are kept, where a statement's are made again
 * on every call.
 */
export async function moveCard(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  target: { columnId: string; position: number },
): Promise<{ card: Card; columns: ColumnEntry[] }> {
  const company = requireCompany(actor.principal);
  const position = Math.min(target.position, BOTTOM);
  // The move's SQL lives in the migrations (server/db/migrations/), each function's current body
  // in the last one that (re)creates it:
  // - workspace_move_card_recorded, the move and its event: 0008, 0009 (current);
  // - workspace_move_card, which it calls to check (404s), lock and move: 0005, 0007 (current);
  // - workspace_place_card, the rank arithmetic (placeCard above calls it too): 0005;
  // - workspace_card_json, the card as the API presents it: 0007, 0008, 0021 (current).
  // A change to any of them is a new migration (`npm run db:generate -- --custom`), never an edit.
  const move = async (db: Executor) => {
    const result = await db.execute(sql`
      select workspace_move_card_recorded(
        ${company.id}, ${projectId}, ${cardId}, ${target.columnId}, ${position}, ${recordEventArgs(actor)}
      ) as answer`);
    // As text, so it is parsed here rather than on the database's thread.
    const answer = JSON.parse(rows<{ answer: string }>(result)[0]!.answer) as MoveAnswer;
    if (answer.error !== undefined) throw moveRefusals[answer.error]();
    return answer;
  };
  if (!actor.principal.agent) return move(ctx.db);
  // An agent's move is charged first, in one transaction with the move (a refusal rolls it back).
  return ctx.db.transaction(async (tx) => {
    await chargeCardWork(ctx, tx, actor, 'moveCard', cardId);
    return move(tx);
  });
}
