/**
 * The company records most modules look up first: a project of the caller's company, and a card
 * of a project. Here, below the modules, so that projects, cards, comments, the wiki, agents and
 * credits all stand on it rather than on each other (docs/architecture.md, module layers).
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { cards, projects } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';

export type ProjectRow = typeof projects.$inferSelect;

/**
 * A project of the caller's company (`companyId`, from `requireCompany` in server/policies), or
 * 404 whether it is missing or belongs to another company: the policy's "member of the company".
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

export type CardRow = typeof cards.$inferSelect;

/** A card of the project (archived ones included), or 404; `lock` takes its row lock (edits hold it). */
export async function findCard(
  db: Executor,
  projectId: string,
  cardId: string,
  options: { lock?: boolean } = {},
): Promise<CardRow> {
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.projectId, projectId)))
    .limit(1);
  const [card] = options.lock ? await query.for('update') : await query;
  if (!card) throw notFound('Card not found');
  return card;
}
