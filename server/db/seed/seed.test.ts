import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { rows } from '../rows.ts';
import { agents, cardComments, cards, projects, teams, users } from '../schema.ts';
import { LARGE_BOARD } from './boards.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';

const t = useTestApp();

describe('demo seed', () => {
  it('creates Acme Robotics with the documented accounts, teams, agents and boards, once', async () => {
    expect(await seedDemo(t.ctx.db, { large: true })).toEqual(['demo company', 'large board', 'search corpus']);
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
      (board) => board.name !== LARGE_BOARD && !board.name.startsWith('Archive project'),
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
  });
});
