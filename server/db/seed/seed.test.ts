import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { rows } from '../rows.ts';
import {
  agents,
  cardComments,
  cards,
  projects,
  teams,
  users,
  wikiComments,
  wikiPages,
  wikiRevisions,
} from '../schema.ts';
import { LARGE_BOARD } from './boards.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
import { LARGE_WIKI, LONG_WIKI_PAGE } from './wiki.ts';
import { blockText, parseAnchor, passageText, scanMarkdown } from '../../modules/wiki/markdown.ts';

const t = useTestApp();

describe('demo seed', () => {
  it('creates Acme Robotics with the documented accounts, teams, agents and boards, once', async () => {
    expect(await seedDemo(t.ctx.db, { large: true })).toEqual([
      'demo company',
      'large board',
      'search corpus',
      'large wiki',
    ]);
    expect(await seedDemo(t.ctx.db, { large: true })).toEqual([]);

    const [ada] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin));
    expect(ada).toMatchObject({ role: 'admin' });
    const humans = await t.ctx.db.select().from(users).where(eq(users.companyId, ada!.companyId!));
    expect(humans.length).toBeGreaterThanOrEqual(8);
    const oldestAdmin = humans
      .filter((user) => user.role === 'admin')
      .sort((a, b) => +a.joinedCompanyAt! - +b.joinedCompanyAt!)[0];
    expect(oldestAdmin!.email).toBe(DEMO_ACCOUNTS.admin);
    const [max] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.member));
    expect(max).toMatchObject({ role: 'member', companyId: ada!.companyId });
    const [nomad] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.noCompany));
    expect(nomad!.companyId).toBeNull();

    const teamRows = (await t.ctx.db.select().from(teams).where(eq(teams.companyId, ada!.companyId!))).filter((team) =>
      ['Platform', 'Operations'].includes(team.name),
    );
    expect(teamRows).toHaveLength(2);
    expect(teamRows.every((team) => team.leadKind === 'human' && team.leadId)).toBe(true);
    const agentRows = (await t.ctx.db.select().from(agents).where(eq(agents.companyId, ada!.companyId!))).filter(
      (agent) => !/bot \d+$/.test(agent.name),
    );
    expect(agentRows).toHaveLength(4);
    expect(agentRows.every((agent) => agent.managerKind === 'human' && agent.managerId)).toBe(true);

    const boards = await t.ctx.db.select().from(projects).where(eq(projects.companyId, ada!.companyId!));
    const demoBoards = boards.filter(
      (board) => board.name !== LARGE_BOARD && board.name !== LARGE_WIKI && !board.name.startsWith('Archive project'),
    );
    expect(demoBoards).toHaveLength(2);
    for (const board of demoBoards) {
      const [n] = await t.ctx.db.select({ n: count() }).from(cards).where(eq(cards.projectId, board.id));
      expect(n!.n).toBeGreaterThanOrEqual(14);
    }
    const large = boards.find((board) => board.name === LARGE_BOARD)!;
    const [n] = await t.ctx.db.select({ n: count() }).from(cards).where(eq(cards.projectId, large.id));
    expect(n!.n).toBe(2000);
    // With the search corpus, about 50,000 searchable names.
    const [total] = rows<{ n: number }>(
      await t.ctx.db.execute(
        sql`select
      (select count(*) from cards) + (select count(*) from users) + (select count(*) from agents)
      + (select count(*) from teams) + (select count(*) from projects) as n`,
      ),
    );
    expect(Number(total!.n)).toBeGreaterThanOrEqual(50_000);
    const resolved = (await t.ctx.db.select().from(cardComments)).filter((comment) => comment.resolvedAt);
    expect(resolved.length).toBeGreaterThanOrEqual(1);

    expect(await t.signIn(DEMO_ACCOUNTS.member, DEMO_PASSWORD)).toBeTruthy();

    // The wiki: 4–6 pages per demo project, nested, revised by two people or more, threads
    // anchored to what their page holds (a detached one to what a later revision removed).
    for (const board of demoBoards) {
      const pages = await t.ctx.db.select().from(wikiPages).where(eq(wikiPages.projectId, board.id));
      expect(pages.length, board.name).toBeGreaterThanOrEqual(4);
      expect(pages.length, board.name).toBeLessThanOrEqual(6);
      expect(pages.some((page) => page.parentId !== null)).toBe(true);
      expect(Math.max(...pages.map((page) => page.markdown.split(/\s+/).length))).toBeGreaterThan(400);
      const comments = (await t.ctx.db.select().from(wikiComments)).filter((comment) =>
        pages.some((page) => page.id === comment.pageId),
      );
      const roots = comments.filter((comment) => comment.parentId === null);
      expect(roots.some((root) => root.resolvedAt && comments.some((reply) => reply.parentId === root.id))).toBe(true);
      expect(roots.some((root) => root.detachedAt)).toBe(true);
      for (const page of pages) {
        const revisions = await t.ctx.db
          .select()
          .from(wikiRevisions)
          .where(eq(wikiRevisions.pageId, page.id))
          .orderBy(wikiRevisions.number);
        expect(new Set(revisions.map((revision) => revision.authorName)).size, page.title).toBeGreaterThanOrEqual(2);
        expect(revisions.at(-1)).toMatchObject({ id: page.revisionId, markdown: page.markdown, title: page.title });
        // The title is shown above the text: the body does not open with it again as a heading.
        expect(page.markdown, page.title).not.toMatch(/^\s*# /);
        const current = scanMarkdown(page.markdown);
        expect(current.error, page.title).toBeNull();
        for (const root of roots.filter((comment) => comment.pageId === page.id)) {
          // The quote is the passage as it was when the thread was written.
          const then = revisions.filter((revision) => revision.createdAt <= root.createdAt).at(-1)!;
          const scan = scanMarkdown(then.markdown);
          const anchor = parseAnchor(root.anchor!)!;
          if ('id' in anchor) {
            expect(passageText(then.markdown, scan, anchor.id), root.text).toBe(root.quote);
            expect(current.ids.has(anchor.id), root.text).toBe(root.detachedAt === null);
          } else {
            expect(blockText(then.markdown, anchor.blockKey)!.startsWith(root.quote!), root.text).toBe(true);
            expect(current.blockKeys.has(anchor.blockKey), root.text).toBe(root.detachedAt === null);
          }
        }
      }
    }
    const wikiProject = boards.find((board) => board.name === LARGE_WIKI)!;
    const [pageCount] = await t.ctx.db
      .select({ n: count() })
      .from(wikiPages)
      .where(eq(wikiPages.projectId, wikiProject.id));
    expect(pageCount!.n).toBe(1000);
    const [long] = await t.ctx.db.select().from(wikiPages).where(eq(wikiPages.title, LONG_WIKI_PAGE));
    expect(long!.projectId).toBe(large.id);
    const words = long!.markdown.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(50_000);
    expect(words).toBeLessThan(52_000);
    expect(long!.markdown).not.toMatch(/^\s*# /);
    // The large seed (search corpus above all) takes a while on the embedded database.
  }, 120_000);
});
