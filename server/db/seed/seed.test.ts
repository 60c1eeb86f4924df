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
import { DEMO_ORGANIZATION, LARGE_ORG } from './organization.ts';
import { LARGE_WIKI, LONG_WIKI_PAGE } from './wiki.ts';
import { blockText, parseAnchor, passageText, scanMarkdown } from '../../modules/wiki/markdown.ts';
import { buildChart, type ChartNode } from '../../modules/organization/chart.ts';
import { loadChartInput } from '../../modules/organization/service.ts';

const t = useTestApp();

/** Every node of a chart tree with its depth (the roots at 1), iteratively. */
function walk(roots: ChartNode[]): { node: ChartNode; depth: number }[] {
  const found: { node: ChartNode; depth: number }[] = [];
  const stack = roots.map((node) => ({ node, depth: 1 }));
  while (stack.length > 0) {
    const item = stack.pop()!;
    found.push(item);
    for (const child of item.node.children) stack.push({ node: child, depth: item.depth + 1 });
  }
  return found;
}

/** Who reports to whom and who is in which team, by email and team name, for the first nine. */
const firstNine = {
  'ada@acme.example': [null, null],
  'grace@acme.example': [null, 'ada@acme.example'],
  'linus@acme.example': ['Platform', 'grace@acme.example'],
  'priya@acme.example': ['Operations', 'ada@acme.example'],
  'max@acme.example': ['Platform', 'linus@acme.example'],
  'hedy@acme.example': ['Platform', 'linus@acme.example'],
  'zoe@acme.example': [null, 'grace@acme.example'],
  'ken@acme.example': ['Operations', 'priya@acme.example'],
  'sam@acme.example': ['Operations', 'priya@acme.example'],
};

// The tests run in order on one database: the demo first, then the large seed over it.
describe('demo seed', () => {
  it('gives Acme Robotics its organization: Design, a team nested under Platform led by an agent, one warning', async () => {
    expect(await seedDemo(t.ctx.db)).toEqual([
      'demo company',
      'demo organization',
      'demo credits',
      'demo inbox',
      'demo content',
      'demo newsletter',
    ]);
    expect(await seedDemo(t.ctx.db)).toEqual([]);
    const [ada] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin));
    const companyId = ada!.companyId!;
    const people = await t.ctx.db.select().from(users).where(eq(users.companyId, companyId));
    const teamRows = await t.ctx.db.select().from(teams).where(eq(teams.companyId, companyId));
    const agentRows = await t.ctx.db.select().from(agents).where(eq(agents.companyId, companyId));
    const team = (name: string) => teamRows.find((row) => row.name === name)!;
    const emailOf = new Map(people.map((person) => [person.id, person.email]));
    const teamName = new Map(teamRows.map((row) => [row.id, row.name]));
    // The accounts tests rely on keep their team and manager.
    for (const [email, [inTeam, manager]] of Object.entries(firstNine)) {
      const person = people.find((row) => row.email === email)!;
      expect(
        [person.teamId ? teamName.get(person.teamId) : null, emailOf.get(person.managerUserId!) ?? null],
        email,
      ).toEqual([inTeam, manager]);
    }
    expect(people).toHaveLength(13);
    expect(teamRows.map((row) => row.name).sort()).toEqual([
      'Design',
      'Infrastructure',
      'Operations',
      'Platform',
      'Research',
    ]);
    const zoe = people.find((row) => row.email === 'zoe@acme.example')!;
    expect(team(DEMO_ORGANIZATION.design)).toMatchObject({ leadKind: 'human', leadId: zoe.id, parentId: null });
    const shipwright = agentRows.find((row) => row.name === DEMO_ORGANIZATION.agentLead)!;
    const hedy = people.find((row) => row.email === 'hedy@acme.example')!;
    expect(shipwright).toMatchObject({ managerKind: 'human', managerId: hedy.id });
    expect(team(DEMO_ORGANIZATION.nested)).toMatchObject({
      parentId: team('Platform').id,
      leadKind: 'agent',
      leadId: shipwright.id,
    });
    expect(team(DEMO_ORGANIZATION.noLead)).toMatchObject({ leadKind: null, leadId: null });

    // On the chart: Ada at the root, every member once, and exactly one warning — Research has
    // no lead — which making its one member its lead clears.
    const { chart } = buildChart(await loadChartInput(t.ctx.db, companyId, true));
    expect(chart.rootHumanId).toBe(ada!.id);
    expect(chart.tree.loose).toEqual([]);
    expect(chart.issues).toEqual([{ kind: 'team-lead', id: team(DEMO_ORGANIZATION.noLead).id }]);
    const nodes = walk(chart.tree.roots).map(({ node }) => node);
    expect(nodes).toHaveLength(people.length + agentRows.length + teamRows.length);
    expect(new Set(nodes.map((node) => node.key)).size).toBe(nodes.length);
    const node = (key: string) => nodes.find((candidate) => candidate.key === key)!;
    // The agent-led team hangs under its lead, which hangs under Hedy, its responsible person.
    expect(node(`human:${hedy.id}`).children.map((child) => child.key)).toContain(`agent:${shipwright.id}`);
    expect(node(`agent:${shipwright.id}`).children.map((child) => child.name)).toEqual([DEMO_ORGANIZATION.nested]);
    expect(node(`team:${team(DEMO_ORGANIZATION.nested).id}`).children.map((child) => child.name)).toEqual([
      'Tomás Herrera',
      'Watchtower',
    ]);
    const amara = people.find((row) => row.email === 'amara@acme.example')!;
    const input = await loadChartInput(t.ctx.db, companyId, true);
    const fixed = input.teams.map((row) =>
      row.name === DEMO_ORGANIZATION.noLead ? { ...row, leadKind: 'human' as const, leadId: amara.id } : row,
    );
    expect(buildChart({ ...input, teams: fixed }).chart.issues).toEqual([]);
  });

  it('creates Acme Robotics with the documented accounts, teams, agents and boards, once', async () => {
    expect(await seedDemo(t.ctx.db, { large: true, largeLedgerRows: 20_000 })).toEqual([
      'large board',
      'search corpus',
      'large wiki',
      'large organization',
      'large ledger',
    ]);
    expect(await seedDemo(t.ctx.db, { large: true, largeLedgerRows: 20_000 })).toEqual([]);

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
    expect(agentRows).toHaveLength(6);
    expect(agentRows.every((agent) => agent.managerKind && agent.managerId)).toBe(true);

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

  it('adds Large Org (5,000 members, 300 teams nested 8 deep) as a valid tree with its own admin', async () => {
    const [admin] = await t.ctx.db.select().from(users).where(eq(users.email, LARGE_ORG.admin));
    expect(admin).toMatchObject({ role: 'admin', teamId: null, managerUserId: null });
    const companyId = admin!.companyId!;
    const input = await loadChartInput(t.ctx.db, companyId, true);
    expect(input.humans).toHaveLength(LARGE_ORG.humans);
    expect(input.agents).toHaveLength(LARGE_ORG.agents);
    expect(input.humans.length + input.agents.length).toBe(5_000);
    expect(input.teams).toHaveLength(LARGE_ORG.teams);
    // Teams nested 8 deep.
    const parentOf = new Map(input.teams.map((team) => [team.id, team.parentId]));
    const nesting = (id: string | null): number => (id ? 1 + nesting(parentOf.get(id) ?? null) : 0);
    expect(Math.max(...input.teams.map((team) => nesting(team.id)))).toBe(LARGE_ORG.depth);
    // Names of the world, some with diacritics; unique.
    expect(input.humans.some((human) => human.name.startsWith('Zoë '))).toBe(true);
    expect(new Set(input.humans.map((human) => human.name)).size).toBe(input.humans.length);
    expect(input.teams.filter((team) => team.leadKind === 'agent').length).toBeGreaterThan(0);

    const { chart } = buildChart(input);
    expect(chart.rootHumanId).toBe(admin!.id);
    expect(chart.issues).toEqual([]);
    expect(chart.tree.loose).toEqual([]);
    expect(chart.tree.roots.map((root) => root.key)).toEqual([`human:${admin!.id}`]);
    const nodes = walk(chart.tree.roots);
    expect(nodes).toHaveLength(5_000 + LARGE_ORG.teams);
    expect(new Set(nodes.map(({ node }) => node.key)).size).toBe(nodes.length);
    expect(chart.tree.roots[0]!.memberCount).toBe(4_999);

    // A second company: Acme's chart does not hold any of it.
    const [ada] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin));
    expect(ada!.companyId).not.toBe(companyId);
    expect(await t.signIn(LARGE_ORG.admin, DEMO_PASSWORD)).toBeTruthy();
  });
});
