import { eq } from 'drizzle-orm';
import { hashPassword } from '../../lib/password.ts';
import type { Database } from '../client.ts';
import { agents, companies, teams, users } from '../schema.ts';
import { LARGE_BOARD, seedBoards, seedLargeBoard, seedSearchCorpus } from './boards.ts';
import { LARGE_ORG, seedDemoOrganization, seedLargeOrganization } from './organization.ts';
import { seedLargeWiki, seedWiki } from './wiki.ts';
import { seedDemoCredits, seedLargeLedger } from './credits.ts';
import { seedDemoNotifications } from './notifications.ts';
import { seedDemoContent } from './content.ts';
import { seedDemoNewsletter } from './newsletter.ts';

export const DEMO_PASSWORD = 'workspace-demo';
export const DEMO_COMPANY = 'Acme Robotics';
/** The demo sign-ins printed at start and listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: 'ada@acme.example',
  member: 'max@acme.example',
  noCompany: 'nomad@example.com',
} as const;

type Human = {
  key: string;
  name: string;
  email: string;
  title: string;
  role: 'admin' | 'member';
  team?: 'platform' | 'operations';
  manager?: string;
};

// Listed in joining order: Ada joined first and is the oldest admin (the chart's root).
const humans: Human[] = [
  { key: 'ada', name: 'Ada Lovelace', email: 'ada@acme.example', title: 'Chief Executive Officer', role: 'admin' },
  {
    key: 'grace',
    name: 'Grace Hopper',
    email: 'grace@acme.example',
    title: 'Chief Technology Officer',
    role: 'admin',
    manager: 'ada',
  },
  {
    key: 'linus',
    name: 'Linus Berg',
    email: 'linus@acme.example',
    title: 'Engineering Manager',
    role: 'member',
    team: 'platform',
    manager: 'grace',
  },
  {
    key: 'priya',
    name: 'Priya Raman',
    email: 'priya@acme.example',
    title: 'Head of Operations',
    role: 'member',
    team: 'operations',
    manager: 'ada',
  },
  {
    key: 'max',
    name: 'Max Mustermann',
    email: 'max@acme.example',
    title: 'Software Engineer',
    role: 'member',
    team: 'platform',
    manager: 'linus',
  },
  {
    key: 'hedy',
    name: 'Hedy Lamarr',
    email: 'hedy@acme.example',
    title: 'Hardware Engineer',
    role: 'member',
    team: 'platform',
    manager: 'linus',
  },
  {
    key: 'zoe',
    name: 'Zoë Café',
    email: 'zoe@acme.example',
    title: 'Product Designer',
    role: 'member',
    manager: 'grace',
  },
  {
    key: 'ken',
    name: 'Ken Ito',
    email: 'ken@acme.example',
    title: 'Support Engineer',
    role: 'member',
    team: 'operations',
    manager: 'priya',
  },
  {
    key: 'sam',
    name: 'Sam Okafor',
    email: 'sam@acme.example',
    title: 'Data Analyst',
    role: 'member',
    team: 'operations',
    manager: 'priya',
  },
];

const demoAgents = [
  {
    name: 'Cafébot',
    role: 'Answers customer questions and drafts support replies',
    team: 'operations',
    manager: 'priya',
    status: 'active',
  },
  {
    name: 'Triage',
    role: 'Labels incoming bug reports and routes them to owners',
    team: 'platform',
    manager: 'linus',
    status: 'active',
  },
  {
    name: 'Scribe',
    role: 'Writes meeting notes and keeps the wiki tidy',
    team: null,
    manager: 'ada',
    status: 'active',
  },
  {
    name: 'Forecaster',
    role: 'Projected quarterly parts demand (finished)',
    team: 'operations',
    manager: 'sam',
    status: 'completed',
  },
] as const;

/**
 * Seeds the demo company once: a second run finds Ada and changes nothing; its organization
 * (server/db/seed/organization.ts) likewise, also into a company seeded before it; then its credits
 * (server/db/seed/credits.ts: the Team plan and 90 days of ledger), once; then its people's inbox
 * (server/db/seed/notifications.ts), once; then its public-site content (server/db/seed/content.ts),
 * once; then its newsletter list (server/db/seed/newsletter.ts), once. With `large`, also the
 * 2,000-card benchmark board, the search corpus and the wiki benchmarks' data (a 50,000-word page
 * in the large board's wiki, a project with 1,000 pages), the chart benchmarks' "Large Org" (5,000
 * members) and the ledger benchmarks' 1,000,000 credit transactions in its company, each once.
 * Runs under the database's setup lock, so instances starting together do not both seed.
 */
export async function seedDemo(
  db: Database,
  options: {
    large?: boolean;
    /** The large ledger's rows (1,000,000 by default; a test takes fewer: server/db/seed/credits.ts). */
    largeLedgerRows?: number;
  } = {},
): Promise<string[]> {
  const seeded: string[] = [];
  const [existing] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin))
    .limit(1);
  const companyId = existing?.companyId ?? (await seedCompany(db));
  if (!existing) seeded.push('demo company');
  const password = () => hashPassword(DEMO_PASSWORD);
  if (companyId && (await seedDemoOrganization(db, companyId, password))) seeded.push('demo organization');
  if (companyId && (await db.transaction((tx) => seedDemoCredits(tx, companyId)))) seeded.push('demo credits');
  // After the credits, so the inbox's cards, pages and comments exist with their final titles.
  if (companyId && (await db.transaction((tx) => seedDemoNotifications(tx, companyId)))) seeded.push('demo inbox');
  if (companyId && (await db.transaction((tx) => seedDemoContent(tx, companyId, DEMO_ACCOUNTS.admin)))) {
    seeded.push('demo content');
  }
  if (companyId && (await db.transaction((tx) => seedDemoNewsletter(tx, companyId)))) {
    seeded.push('demo newsletter');
  }
  if (options.large && companyId) {
    if (await seedLargeBoard(db, companyId)) seeded.push('large board');
    if (await seedSearchCorpus(db, companyId, await password())) seeded.push('search corpus');
    if (await seedLargeWiki(db, companyId, LARGE_BOARD)) seeded.push('large wiki');
  }
  if (options.large && (await seedLargeOrganization(db, password))) seeded.push('large organization');
  if (options.large && (await seedLargeLedger(db, LARGE_ORG.admin, { transactions: options.largeLedgerRows }))) {
    seeded.push('large ledger');
  }
  return seeded;
}

async function seedCompany(db: Database): Promise<string> {
  const passwordHashes = await Promise.all([...humans, null].map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: DEMO_COMPANY }).returning();
    if (!company) throw new Error('company insert returned no row');
    // Its credits (subscription and 90 days of ledger) come after the organization: seedDemoCredits.
    const teamIds = {
      platform: (await tx.insert(teams).values({ companyId: company.id, name: 'Platform' }).returning())[0]!.id,
      operations: (await tx.insert(teams).values({ companyId: company.id, name: 'Operations' }).returning())[0]!.id,
    };

    const userIds = new Map<string, string>();
    const start = Date.UTC(2024, 0, 8);
    for (const [index, human] of humans.entries()) {
      const joined = new Date(start + index * 21 * 86_400_000);
      const [row] = await tx
        .insert(users)
        .values({
          email: human.email,
          name: human.name,
          title: human.title,
          passwordHash: passwordHashes[index]!,
          companyId: company.id,
          role: human.role,
          joinedCompanyAt: joined,
          teamId: human.team ? teamIds[human.team] : null,
          managerUserId: human.manager ? userIds.get(human.manager) : null,
          createdAt: joined,
        })
        .returning();
      userIds.set(human.key, row!.id);
    }

    await tx
      .update(teams)
      .set({ leadKind: 'human', leadId: userIds.get('linus') })
      .where(eq(teams.id, teamIds.platform));
    await tx
      .update(teams)
      .set({ leadKind: 'human', leadId: userIds.get('priya') })
      .where(eq(teams.id, teamIds.operations));

    await tx.insert(agents).values(
      demoAgents.map((agent) => ({
        companyId: company.id,
        name: agent.name,
        role: agent.role,
        status: agent.status,
        teamId: agent.team ? teamIds[agent.team] : null,
        managerKind: 'human' as const,
        managerId: userIds.get(agent.manager)!,
      })),
    );

    await tx.insert(users).values({
      email: DEMO_ACCOUNTS.noCompany,
      name: 'Noor Nomad',
      title: 'Freelance consultant',
      passwordHash: passwordHashes[humans.length]!,
    });

    await seedBoards(tx, company.id);
    await seedWiki(tx, company.id);
    return company.id;
  });
}
