import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { agents, projects, users, wikiComments, wikiPages, wikiRevisions } from '../schema.ts';
import { DEMO_WIKI, longHandbook, type SeedPage } from './wiki-pages.ts';

const DAY = 86_400_000;

type Person = { name: string; userId: string | null; agentId: string | null };
type PageRow = typeof wikiPages.$inferInsert;
type RevisionRow = typeof wikiRevisions.$inferInsert;
type CommentRow = typeof wikiComments.$inferInsert;

async function people(db: Executor, companyId: string) {
  const map = new Map<string, Person>();
  for (const user of await db.select().from(users).where(eq(users.companyId, companyId))) {
    map.set(user.name.split(' ')[0]!, { name: user.name, userId: user.id, agentId: null });
  }
  for (const agent of await db.select().from(agents).where(eq(agents.companyId, companyId))) {
    map.set(agent.name, { name: agent.name, userId: null, agentId: agent.id });
  }
  return (who: string) => {
    const found = map.get(who);
    if (!found) throw new Error(`seed: nobody called ${who}`);
    return found;
  };
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Rows for a page and its revisions; `marks` names the page's comment marks (`@name` → UUID). */
function pageRows(
  page: SeedPage,
  context: { projectId: string; parentId: string | null; position: number; now: number },
  find: (who: string) => Person,
  out: { pages: PageRow[]; revisions: RevisionRow[]; comments: CommentRow[] },
) {
  const id = randomUUID();
  const marks = new Map<string, string>();
  const withIds = (markdown: string) =>
    markdown.replace(/@([A-Za-z0-9]+)"\]/g, (_match, name: string) => {
      if (!marks.has(name)) marks.set(name, randomUUID());
      return `${marks.get(name)}"]`;
    });
  const revisions = page.revisions.map((revision, index) => ({
    id: randomUUID(),
    pageId: id,
    number: index + 1,
    title: revision.title ?? page.title,
    markdown: withIds(revision.markdown),
    summary: revision.summary ?? (index === 0 ? 'Created' : 'Edited'),
    at: new Date(context.now - revision.daysAgo * DAY),
    author: find(revision.by),
  }));
  for (const revision of revisions) {
    out.revisions.push({
      id: revision.id,
      pageId: id,
      number: revision.number,
      title: revision.title,
      markdown: revision.markdown,
      summary: revision.summary,
      authorName: revision.author.name,
      authorUserId: revision.author.userId,
      authorAgentId: revision.author.agentId,
      createdAt: revision.at,
    });
  }
  const first = revisions[0]!;
  const last = revisions[revisions.length - 1]!;
  out.pages.push({
    id,
    projectId: context.projectId,
    parentId: context.parentId,
    position: context.position,
    title: last.title,
    revisionId: last.id,
    markdown: last.markdown,
    createdAt: first.at,
    createdByName: first.author.name,
    createdByUserId: first.author.userId,
    createdByAgentId: first.author.agentId,
    updatedAt: last.at,
    updatedByName: last.author.name,
    updatedByUserId: last.author.userId,
    updatedByAgentId: last.author.agentId,
  });
  for (const thread of page.threads ?? []) {
    const by = find(thread.by);
    const rootId = randomUUID();
    const at = new Date(context.now - thread.daysAgo * DAY);
    const lastReply = Math.min(thread.daysAgo, ...(thread.replies ?? []).map((reply) => reply.daysAgo));
    out.comments.push({
      id: rootId,
      pageId: id,
      parentId: null,
      authorName: by.name,
      authorUserId: by.userId,
      authorAgentId: by.agentId,
      text: thread.text,
      createdAt: at,
      anchor: thread.mark.startsWith('block:') ? thread.mark : marks.get(thread.mark)!,
      quote: thread.quote,
      resolvedAt: thread.resolved ? new Date(context.now - (lastReply - 0.2) * DAY) : null,
      detachedAt: thread.detachedOn === undefined ? null : revisions[thread.detachedOn]!.at,
    });
    for (const reply of thread.replies ?? []) {
      const author = find(reply.by);
      out.comments.push({
        pageId: id,
        parentId: rootId,
        authorName: author.name,
        authorUserId: author.userId,
        authorAgentId: author.agentId,
        text: reply.text,
        createdAt: new Date(context.now - reply.daysAgo * DAY),
      });
    }
  }
  for (const [position, child] of (page.children ?? []).entries()) {
    pageRows(child, { ...context, parentId: id, position }, find, out);
  }
}

/**
 * The demo wiki of each demo project (server/db/seed/wiki-pages.ts): pages nested a little,
 * revisions by several people, anchored threads (one resolved, one detached per project). Three
 * bulk inserts.
 */
export async function seedWiki(db: Executor, companyId: string, now = Date.now()) {
  const find = await people(db, companyId);
  const out = { pages: [] as PageRow[], revisions: [] as RevisionRow[], comments: [] as CommentRow[] };
  for (const [projectName, pages] of Object.entries(DEMO_WIKI)) {
    const [project] = await db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.companyId, companyId), eq(projects.name, projectName)));
    if (!project) throw new Error(`seed: no project called ${projectName}`);
    for (const [position, page] of pages.entries()) {
      pageRows(page, { projectId: project.id, parentId: null, position, now }, find, out);
    }
  }
  await db.insert(wikiPages).values(out.pages);
  await db.insert(wikiRevisions).values(out.revisions);
  await db.insert(wikiComments).values(out.comments);
}

export const LARGE_WIKI = 'Large wiki (1,000 pages)';
/** The 50,000-word page, alone in the wiki of the large board's project (`LARGE_BOARD`). */
export const LONG_WIKI_PAGE = 'Fleet operations handbook (50,000 words)';

/**
 * The wiki benchmarks' data: a project with 1,000 pages (40 sections of 24 pages), and one page of
 * about 50,000 words in the wiki of `longPageProject`. Idempotent.
 */
export async function seedLargeWiki(db: Executor, companyId: string, longPageProject: string) {
  const [existing] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.name, LARGE_WIKI)));
  if (existing) return false;
  const find = await people(db, companyId);
  const authors = [find('Ada'), find('Grace'), find('Max'), find('Priya')];
  const [host] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.name, longPageProject)));
  if (!host) throw new Error(`seed: no project called ${longPageProject}`);
  const [project] = await db
    .insert(projects)
    .values({ companyId, name: LARGE_WIKI, description: 'Synthetic wiki for benchmarks.' })
    .returning();

  const now = Date.now();
  const pages: PageRow[] = [];
  const revisions: RevisionRow[] = [];
  const add = (projectId: string, parentId: string | null, position: number, title: string, markdown: string) => {
    const id = randomUUID();
    const revisionId = randomUUID();
    const author = authors[pages.length % authors.length]!;
    const at = new Date(now - (pages.length % 60) * 3_600_000);
    const by = { name: author.name, userId: author.userId, agentId: author.agentId };
    pages.push({
      id,
      projectId,
      parentId,
      position,
      title,
      revisionId,
      markdown,
      createdAt: at,
      createdByName: by.name,
      createdByUserId: by.userId,
      createdByAgentId: by.agentId,
      updatedAt: at,
      updatedByName: by.name,
      updatedByUserId: by.userId,
      updatedByAgentId: by.agentId,
    });
    revisions.push({
      id: revisionId,
      pageId: id,
      number: 1,
      title,
      markdown,
      summary: 'Created',
      authorName: by.name,
      authorUserId: by.userId,
      authorAgentId: by.agentId,
      createdAt: at,
    });
    return id;
  };
  add(host.id, null, 0, LONG_WIKI_PAGE, longHandbook(50_000));
  const topics = ['Robots', 'Sites', 'Customers', 'Firmware', 'Safety', 'Hardware', 'Support', 'Data'];
  for (let section = 0; section < 40; section++) {
    const topic = `${topics[section % topics.length]} ${Math.floor(section / topics.length) + 1}`;
    const sectionId = add(
      project!.id,
      null,
      section,
      `${topic}: overview`,
      `The pages under this one describe ${topic.toLowerCase()}.`,
    );
    for (let n = 0; n < 24; n++) {
      add(
        project!.id,
        sectionId,
        n,
        `${topic}: note ${n + 1}`,
        'Working notes, kept short.\n\n- [ ] Review by the owner\n- [x] Linked from the overview',
      );
    }
  }
  await insertInBatches(pages, (batch) => db.insert(wikiPages).values(batch));
  // The long page's revision alone is some 330 kB: small batches keep statements reasonable.
  await insertInBatches(revisions, (batch) => db.insert(wikiRevisions).values(batch), 200);
  return true;
}
