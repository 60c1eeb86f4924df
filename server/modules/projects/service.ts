import { changedFields, checkEdit } from '../../http/edit-check.ts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { boardColumns, cards, projects } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { commentCopies, presentBoardCard } from '../cards/index.ts';
import { findProject, type ProjectRow } from '../../policies/records.ts';

export const DEFAULT_COLUMNS = ['To do', 'In progress', 'Done'];
/** Columns one board may have. */
export const MAX_COLUMNS = 30;

type ColumnRow = typeof boardColumns.$inferSelect;

/**
 * A project as the API returns it. `activity` is the latest change on its board (a card created,
 * moved, edited or archived) when the caller knows it; the project's own change otherwise.
 */
export function presentProject(row: ProjectRow, counts?: { cards: number }, activity?: Date | null) {
  const lastActivityAt = activity && activity > row.updatedAt ? activity : row.updatedAt;
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    description: row.description,
    archived: row.archivedAt !== null,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActivityAt: lastActivityAt.toISOString(),
    cardCount: counts?.cards ?? 0,
  };
}

export function presentColumn(row: ColumnRow) {
  return { id: row.id, version: row.version, name: row.name, position: row.position, wipLimit: row.wipLimit };
}

async function liveColumns(db: Executor, projectId: string): Promise<ColumnRow[]> {
  return db
    .select()
    .from(boardColumns)
    .where(and(eq(boardColumns.projectId, projectId), isNull(boardColumns.deletedAt)))
    .orderBy(asc(boardColumns.position), asc(boardColumns.createdAt));
}

async function liveCardCount(db: Executor, projectId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(cards)
    .where(and(eq(cards.projectId, projectId), isNull(cards.archivedAt)));
  return row?.n ?? 0;
}

/** Every project of the caller's company, archived ones flagged, latest board activity first. */
export async function listProjects(ctx: AppContext, actor: Actor) {
  const company = requireCompany(actor.principal);
  const rows = await ctx.db
    .select({
      project: projects,
      // Qualified by hand: Drizzle leaves single-table columns unqualified, which the subquery would capture.
      cards: sql<number>`(select count(*)::int from ${cards} c where c.project_id = "projects"."id" and c.archived_at is null)`,
      // Any card's change, archived cards included (archiving is activity too).
      activity: sql<string | null>`(select max(c.updated_at) from ${cards} c where c.project_id = "projects"."id")`,
    })
    .from(projects)
    .where(eq(projects.companyId, company.id));
  return rows
    .map((row) => presentProject(row.project, { cards: row.cards }, row.activity ? new Date(row.activity) : null))
    .sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || a.name.localeCompare(b.name));
}

export async function createProject(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; description?: string; columns?: string[] },
) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({ companyId: company.id, name: input.name, description: input.description ?? '' })
      .returning();
    const names = input.columns ?? DEFAULT_COLUMNS;
    if (names.length > 0) {
      await tx.insert(boardColumns).values(names.map((name, position) => ({ projectId: row!.id, name, position })));
    }
    const project = presentProject(row!);
    await recordEvent(tx, actor, 'project.created', { projectId: row!.id, project });
    return project;
  });
}

/** The board: the project, its live columns in order, and each column's live cards in order. */
export async function projectDetail(ctx: AppContext, actor: Actor, projectId: string) {
  const company = requireCompany(actor.principal);
  const project = await findProject(ctx.db, company.id, projectId);
  const columns = await liveColumns(ctx.db, projectId);
  const cardRows = await ctx.db
    .select()
    .from(cards)
    .where(and(eq(cards.projectId, projectId), isNull(cards.archivedAt)))
    .orderBy(asc(cards.rank), asc(cards.id));
  const copies = await commentCopies(
    ctx.db,
    cardRows.map((row) => row.id),
  );
  const byColumn = new Map(columns.map((column) => [column.id, [] as ReturnType<typeof presentBoardCard>[]]));
  for (const row of cardRows) byColumn.get(row.columnId)?.push(presentBoardCard(row, copies.get(row.id)));
  // Archived cards count too, as in the list.
  const [latest] = await ctx.db
    .select({ at: sql<string | null>`max(${cards.updatedAt})` })
    .from(cards)
    .where(eq(cards.projectId, projectId));
  const activity = latest?.at ? new Date(latest.at) : null;
  return {
    ...presentProject(project, { cards: cardRows.length }, activity),
    columns: columns.map((column) => ({ ...presentColumn(column), cards: byColumn.get(column.id) ?? [] })),
  };
}

export async function updateProject(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  changes: { name?: string; description?: string; archived?: boolean; baseVersion?: number },
) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    const current = await findProject(tx, company.id, projectId, { lock: true });
    const changed = changedFields(
      { name: current.name, description: current.description, archived: current.archivedAt !== null },
      changes,
      ['name', 'description', 'archived'],
    );
    const versions = await checkEdit(current, changed, changes.baseVersion, actor, 'project', async () =>
      presentProject(current, { cards: await liveCardCount(tx, projectId) }),
    );
    const archivedAt =
      changes.archived === undefined
        ? current.archivedAt
        : changes.archived
          ? (current.archivedAt ?? new Date())
          : null;
    const [row] = await tx
      .update(projects)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.description !== undefined ? { description: changes.description } : {}),
        archivedAt,
        ...versions,
        updatedAt: new Date(),
      })
      .where(eq(projects.id, projectId))
      .returning();
    const project = presentProject(row!, { cards: await liveCardCount(tx, projectId) });
    await recordEvent(tx, actor, 'project.updated', { projectId, project });
    return project;
  });
}

/** Writes the columns' positions 0..n-1 in the given order. */
async function writeColumnOrder(db: Executor, ids: string[]) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update board_columns set position = u.position, updated_at = now()
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(ids.map((_, index) => index))}::int[]) as u(id, position)
    where board_columns.id = u.id`);
}

async function columnsChanged(ctx: AppContext, tx: Executor, actor: Actor, projectId: string) {
  const columns = (await liveColumns(tx, projectId)).map(presentColumn);
  await recordEvent(tx, actor, 'columns.changed', { projectId, columns });
  return columns;
}

export async function createColumn(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  input: { name: string; position?: number; wipLimit?: number | null },
) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: true });
    const existing = await liveColumns(tx, projectId);
    if (existing.length >= MAX_COLUMNS) throw conflict(`A board has at most ${MAX_COLUMNS} columns`);
    const [row] = await tx
      .insert(boardColumns)
      .values({ projectId, name: input.name, position: existing.length, wipLimit: input.wipLimit ?? null })
      .returning();
    const order = existing.map((column) => column.id);
    order.splice(Math.min(input.position ?? order.length, order.length), 0, row!.id);
    await writeColumnOrder(tx, order);
    return {
      column: presentColumn({ ...row!, position: order.indexOf(row!.id) }),
      columns: await columnsChanged(ctx, tx, actor, projectId),
    };
  });
}

export async function updateColumn(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  columnId: string,
  changes: { name?: string; position?: number; wipLimit?: number | null; baseVersion?: number },
) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: true });
    const existing = await liveColumns(tx, projectId);
    const current = existing.find((column) => column.id === columnId);
    if (!current) throw notFound('Column not found');
    // The position is the board's order, changed by moves of other columns too: not checked.
    const changed = changedFields(current, changes, ['name', 'wipLimit']);
    const versions = await checkEdit(
      current,
      changed,
      changes.baseVersion,
      actor,
      'column',
      () => presentColumn(current),
      { wipLimit: 'WIP limit' },
    );
    await tx
      .update(boardColumns)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.wipLimit !== undefined ? { wipLimit: changes.wipLimit } : {}),
        ...versions,
        updatedAt: new Date(),
      })
      .where(eq(boardColumns.id, columnId));
    if (changes.position !== undefined) {
      const order = existing.map((column) => column.id).filter((id) => id !== columnId);
      order.splice(Math.min(changes.position, order.length), 0, columnId);
      await writeColumnOrder(tx, order);
    }
    const columns = await columnsChanged(ctx, tx, actor, projectId);
    return { column: columns.find((column) => column.id === columnId)!, columns };
  });
}

/** Deletes an empty column. A column with live cards is refused (409) so no card is lost. */
export async function deleteColumn(ctx: AppContext, actor: Actor, projectId: string, columnId: string) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await findProject(tx, company.id, projectId, { lock: true });
    const existing = await liveColumns(tx, projectId);
    const column = existing.find((item) => item.id === columnId);
    if (!column) throw notFound('Column not found');
    const [live] = await tx
      .select({ n: count() })
      .from(cards)
      .where(and(eq(cards.columnId, columnId), isNull(cards.archivedAt)));
    const n = live?.n ?? 0;
    if (n > 0) {
      throw conflict(
        `“${column.name}” still has ${n} card${n === 1 ? '' : 's'}; move or archive ${n === 1 ? 'it' : 'them'} first`,
      );
    }
    await tx.update(boardColumns).set({ deletedAt: new Date() }).where(eq(boardColumns.id, columnId));
    await writeColumnOrder(
      tx,
      existing.filter((item) => item.id !== columnId).map((item) => item.id),
    );
    return { columns: await columnsChanged(ctx, tx, actor, projectId) };
  });
}
