import { and, eq } from 'drizzle-orm';
import type { Principal } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projects } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

/**
 * The caller's company. Company data (projects, cards, search, …) does not exist for a user
 * without one: 404, never 403, so nothing is revealed.
 */
export function companyOf(principal: Principal): { id: string; name: string } {
  if (!principal.company) throw notFound('Not found: you are not a member of a company');
  return principal.company;
}

export type ProjectRow = typeof projects.$inferSelect;

/**
 * A project of the caller's company, or 404 whether it is missing or belongs to someone else.
 * `lock` takes the project's row lock: writes that reorder cards hold it, so they run one at a
 * time per project and never interleave.
 */
export async function findProject(
  db: Executor,
  companyId: string,
  projectId: string,
  options: { lock?: boolean } = {},
): Promise<ProjectRow> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.companyId, companyId)))
    .limit(1);
  const [project] = options.lock ? await query.for('update') : await query;
  if (!project) throw notFound('Project not found');
  return project;
}
