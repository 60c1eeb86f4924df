import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { boardColumns, cards, projects } from '../../db/schema.ts';
import { requireCompany } from '../../policies/index.ts';

/** Cards due within this many hours (and not yet overdue) are "due soon". */
export const DUE_SOON_HOURS = 48;
/** At most this many assigned cards are listed: the most urgent. */
export const ASSIGNED_LIMIT = 200;

type DueStatus = 'overdue' | 'soon' | 'later' | 'none';

function dueStatus(due: Date | null, now: number): DueStatus {
  if (!due) return 'none';
  const at = due.getTime();
  if (at < now) return 'overdue';
  return at - now < DUE_SOON_HOURS * 3_600_000 ? 'soon' : 'later';
}

/**
 * The live cards assigned to the caller on the non-archived projects of their company, most
 * urgent first: by due date (so overdue, then due soon, then later), cards without one last, ties
 * by most recently updated.
 */
export async function assignedCards(ctx: AppContext, principal: Principal) {
  const company = requireCompany(principal);
  const rows = await ctx.db
    .select({
      id: cards.id,
      title: cards.title,
      priority: cards.priority,
      due: cards.due,
      blocked: cards.blocked,
      updatedAt: cards.updatedAt,
      projectId: projects.id,
      projectName: projects.name,
      columnId: boardColumns.id,
      columnName: boardColumns.name,
    })
    .from(cards)
    .innerJoin(projects, eq(projects.id, cards.projectId))
    .innerJoin(boardColumns, eq(boardColumns.id, cards.columnId))
    .where(
      and(
        eq(cards.assigneeId, principal.user.id),
        eq(cards.assigneeKind, 'human'),
        isNull(cards.archivedAt),
        eq(projects.companyId, company.id),
        isNull(projects.archivedAt),
      ),
    )
    // Ascending puts nulls (no due date) last.
    .orderBy(asc(cards.due), desc(cards.updatedAt), asc(cards.id))
    .limit(ASSIGNED_LIMIT + 1);
  const now = Date.now();
  return {
    cards: rows.slice(0, ASSIGNED_LIMIT).map((row) => ({
      id: row.id,
      title: row.title,
      priority: row.priority,
      ...(row.due ? { due: row.due.toISOString() } : {}),
      dueStatus: dueStatus(row.due, now),
      ...(row.blocked !== null ? { blocked: row.blocked } : {}),
      updatedAt: row.updatedAt.toISOString(),
      project: { id: row.projectId, name: row.projectName },
      column: { id: row.columnId, name: row.columnName },
    })),
    truncated: rows.length > ASSIGNED_LIMIT,
  };
}
