import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { fold } from '../../lib/fold.ts';
import type { Database } from '../client.ts';
import { agents, companies, teams, users } from '../schema.ts';
import { openTrialAccount } from './credits.ts';

/**
 * The organization beyond the demo company's first two teams: Design (led by Zoë Café), a team
 * nested under Platform and led by an agent (Shipwright, for whom Hedy Lamarr is responsible), and
 * Research, which has no lead yet — the one structure warning (`team-lead`) a new admin finds on
 * the chart and fixes in one click. Every account seeded before keeps its team and manager.
 */
export const DEMO_ORGANIZATION = {
  design: 'Design',
  nested: 'Infrastructure',
  noLead: 'Research',
  agentLead: 'Shipwright',
} as const;

type DemoHuman = {
  name: string;
  email: string;
  title: string;
  team: 'design' | 'infrastructure' | 'research';
  /** The manager's email, or none. */
  manager: string | null;
};

const demoHumans: DemoHuman[] = [
  {
    name: 'Mateus Araújo',
    email: 'mateus@acme.example',
    title: 'UX Researcher',
    team: 'design',
    manager: 'zoe@acme.example',
  },
  {
    name: 'Ingrid Sørensen',
    email: 'ingrid@acme.example',
    title: 'Visual Designer',
    team: 'design',
    manager: 'zoe@acme.example',
  },
  // In a team led by an agent: a person's manager is a person, so the team itself places him.
  {
    name: 'Tomás Herrera',
    email: 'tomas@acme.example',
    title: 'Site Reliability Engineer',
    team: 'infrastructure',
    manager: null,
  },
  {
    name: 'Amara Nwosu',
    email: 'amara@acme.example',
    title: 'Research Scientist',
    team: 'research',
    manager: 'grace@acme.example',
  },
];

/**
 * Adds the demo organization to the company once (a second run finds Design and changes
 * nothing); returns whether it did. Needs the demo company's people (Zoë, Hedy, Grace, Linus).
 */
export async function seedDemoOrganization(
  db: Database,
  companyId: string,
  password: () => Promise<string>,
): Promise<boolean> {
  const [existing] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.name, DEMO_ORGANIZATION.design)));
  if (existing) return false;
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.email, ['zoe', 'hedy', 'grace'].map(acme))));
  const person = (key: string) => {
    const found = people.find((row) => row.email === acme(key));
    if (!found) throw new Error(`demo organization: ${acme(key)} is not in the company`);
    return found.id;
  };
  const [platform] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), eq(teams.name, 'Platform')));
  if (!platform) throw new Error('demo organization: the Platform team is missing');
  const passwordHash = await password();

  await db.transaction(async (tx) => {
    const [design, infrastructure, research] = await tx
      .insert(teams)
      .values([
        { companyId, name: DEMO_ORGANIZATION.design, leadKind: 'human' as const, leadId: person('zoe') },
        { companyId, name: DEMO_ORGANIZATION.nested, parentId: platform.id },
        { companyId, name: DEMO_ORGANIZATION.noLead },
      ])
      .returning();
    const teamIds = { design: design!.id, infrastructure: infrastructure!.id, research: research!.id };

    // They join after the first nine (whose last, Sam, joined in 2024): members, never the root.
    const start = Date.UTC(2025, 0, 13);
    const known = new Map(people.map((row) => [row.email, row.id]));
    for (const [index, human] of demoHumans.entries()) {
      const joined = new Date(start + index * 14 * 86_400_000);
      const [row] = await tx
        .insert(users)
        .values({
          email: human.email,
          name: human.name,
          title: human.title,
          passwordHash,
          companyId,
          role: 'member',
          joinedCompanyAt: joined,
          teamId: teamIds[human.team],
          managerUserId: human.manager ? known.get(human.manager)! : null,
          createdAt: joined,
        })
        .returning({ id: users.id });
      known.set(human.email, row!.id);
    }

    // Shipwright leads Infrastructure; Hedy is responsible for it. Watchtower answers to
    // Shipwright, so its responsibility reaches a person through an agent.
    const [shipwright] = await tx
      .insert(agents)
      .values({
        companyId,
        name: DEMO_ORGANIZATION.agentLead,
        role: 'Ships releases and keeps the build green',
        teamId: teamIds.infrastructure,
        managerKind: 'human',
        managerId: person('hedy'),
      })
      .returning({ id: agents.id });
    await tx.insert(agents).values({
      companyId,
      name: 'Watchtower',
      role: 'Watches uptime and pages whoever is on call',
      teamId: teamIds.infrastructure,
      managerKind: 'agent',
      managerId: shipwright!.id,
    });
    await tx
      .update(teams)
      .set({ leadKind: 'agent', leadId: shipwright!.id })
      .where(eq(teams.id, teamIds.infrastructure));
  });
  return true;
}

const acme = (key: string) => `${key}@acme.example`;

// ---------------------------------------------------------------------------------------------
// The large organization, for the benchmarks (`SEED=large`).

export const LARGE_ORG = {
  company: 'Large Org',
  admin: 'large-admin@example.com',
  humans: 4_200,
  agents: 800,
  teams: 300,
  /** Teams nested this deep (a division is level 1). */
  depth: 8,
} as const;

/** Teams per nesting level, 1 to 8: 300 in all. */
const LEVEL_SIZES = [6, 18, 36, 54, 66, 60, 40, 20];
/** Of the deepest teams, every other one is led by an agent (its members are agents). */
const AGENT_LED_MEMBERS = 4;

const FIRST_NAMES = [
  'Zoë',
  'José',
  'Björn',
  'Søren',
  'Chloé',
  'Łukasz',
  'Amélie',
  'Jürgen',
  'Ayşe',
  'Renée',
  'Noémie',
  'Ștefan',
  'Øystein',
  'Inès',
  'Mónica',
  'Dóra',
  'Thảo',
  'Kōji',
  'Zoltán',
  'Anaïs',
  'Ada',
  'Grace',
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Mateo',
  'Sofia',
  'Lucas',
  'Mia',
  'Amara',
  'Kwame',
  'Priya',
  'Arjun',
  'Mei',
  'Hiroshi',
  'Fatima',
  'Omar',
  'Leila',
  'Yusuf',
  'Ingrid',
  'Lars',
  'Elena',
  'Marco',
  'Giulia',
  'Pablo',
  'Lucía',
  'Tomás',
  'Nadia',
  'Ivan',
  'Hannah',
  'David',
  'Sarah',
  'Daniel',
  'Rachel',
  'Samuel',
  'Chidi',
  'Ngozi',
  'Kofi',
  'Aisha',
  'Wei',
  'Jun',
  'Min-jun',
  'Seo-yeon',
  'Rahul',
  'Ananya',
  'Diego',
  'Valentina',
  'Felix',
  'Clara',
  'Oskar',
  'Freya',
  'Hugo',
  'Alice',
  'Jonas',
  'Lea',
  'Mateus',
  'Beatriz',
  'Tariq',
  'Zainab',
];
const LAST_NAMES = [
  'Müller',
  'Dvořák',
  'Nguyễn',
  'Åkesson',
  'Ørsted',
  'Gonçalves',
  'Kowalczyk',
  'Şahin',
  'Lefèvre',
  'Jiménez',
  'Öztürk',
  'Čapek',
  'Håkansson',
  'Peña',
  'Ibáñez',
  'Brontë',
  'Saldaña',
  'Erdoğan',
  'Løvik',
  'Nørgaard',
  'Smith',
  'Johnson',
  'Okafor',
  'Mensah',
  'Patel',
  'Sharma',
  'Chen',
  'Wang',
  'Kim',
  'Park',
  'Tanaka',
  'Sato',
  'Rossi',
  'Bianchi',
  'Garcia',
  'Martinez',
  'Silva',
  'Santos',
  'Dubois',
  'Moreau',
  'Schmidt',
  'Fischer',
  'Weber',
  'Novak',
  'Horvat',
  'Kovacs',
  'Nowak',
  'Petrov',
  'Ivanova',
  'Popescu',
  'Haddad',
  'Khalil',
  'Rahman',
  'Hussain',
  'Adeyemi',
  'Nwosu',
  'Mwangi',
  'Otieno',
  'Cohen',
  'Levi',
  "O'Brien",
  'Murphy',
  'Walsh',
  'Campbell',
  'Stewart',
  'Jensen',
  'Larsen',
  'Berg',
  'Lind',
  'Virtanen',
  'Korhonen',
  'Kaya',
  'Yilmaz',
  'Costa',
  'Ferreira',
  'Alves',
  'Herrera',
  'Vargas',
  'Castro',
  'Romero',
];
const DIVISIONS = ['Engineering', 'Product', 'Sales', 'Marketing', 'Customer Success', 'Finance & People'];
const TEAM_AREAS = [
  'Payments',
  'Checkout',
  'Search',
  'Billing',
  'Identity',
  'Messaging',
  'Mobile',
  'Web',
  'Data',
  'Analytics',
  'Security',
  'Reliability',
  'Storage',
  'Networking',
  'Compliance',
  'Onboarding',
  'Pricing',
  'Partnerships',
  'Recruiting',
  'Payroll',
  'Procurement',
  'Legal',
  'Brand',
  'Content',
  'Events',
  'Research',
  'Design',
  'Docs',
  'Zürich',
  'Malmö',
  'São Paulo',
  'Kraków',
  'Montréal',
  'Île-de-France',
  'Düsseldorf',
  'Reykjavík',
  'Bogotá',
  'Tromsø',
  'Logistics',
  'Support',
];
const TEAM_KINDS = [
  'Core',
  'Platform',
  'Growth',
  'Tools',
  'Insights',
  'Quality',
  'Operations',
  'Experience',
  'Infrastructure',
  'Enablement',
];
const IC_TITLES = [
  'Software Engineer',
  'Senior Software Engineer',
  'Staff Engineer',
  'Product Manager',
  'Product Designer',
  'Data Analyst',
  'Data Scientist',
  'Account Executive',
  'Sales Engineer',
  'Marketing Manager',
  'Content Strategist',
  'Support Specialist',
  'Customer Success Manager',
  'Financial Analyst',
  'Recruiter',
  'People Partner',
  'QA Engineer',
  'Site Reliability Engineer',
  'Technical Writer',
  'Security Engineer',
];
const AGENT_NAMES = [
  'Atlas',
  'Beacon',
  'Cipher',
  'Dynamo',
  'Echo',
  'Falcon',
  'Galileo',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orion',
  'Pulsar',
  'Quartz',
  'Rover',
  'Sentinel',
  'Tidal',
  'Umbra',
  'Vega',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
  'Café',
  'Señor',
  'Aurora',
  'Boreal',
  'Comète',
  'Drôle',
  'Élan',
  'Fjörd',
  'Gåva',
  'Hélix',
];
const AGENT_JOBS: [string, string][] = [
  ['Triage', 'Labels incoming requests and routes them to owners'],
  ['Scribe', 'Writes meeting notes and keeps the wiki tidy'],
  ['Forecaster', 'Projects demand for the quarter'],
  ['Auditor', 'Checks expense reports against the policy'],
  ['Reviewer', 'Reviews pull requests for style and obvious bugs'],
  ['Concierge', 'Answers customer questions and drafts replies'],
  ['Scheduler', 'Books meetings and keeps calendars in order'],
  ['Reconciler', 'Reconciles the ledger with bank statements'],
  ['Translator', 'Translates release notes and help articles'],
  ['Watcher', 'Watches dashboards and opens incidents'],
  ['Recruiter', 'Screens applications and schedules interviews'],
  ['Researcher', 'Summarises market research and competitor news'],
  ['Tester', 'Runs exploratory tests on every build'],
  ['Curator', 'Tags and files documents in the drive'],
  ['Builder', 'Keeps the build green and the caches warm'],
  ['Analyst', 'Answers questions about the numbers'],
  ['Dispatcher', 'Assigns support tickets by skill'],
  ['Publisher', 'Schedules posts and newsletters'],
  ['Archivist', 'Archives finished projects'],
  ['Planner', 'Drafts sprint plans from the backlog'],
  ['Moderator', 'Keeps the community forum civil'],
  ['Negotiator', 'Prepares renewal offers'],
  ['Librarian', 'Finds the right document for a question'],
  ['Sentry', 'Scans dependencies for vulnerabilities'],
];

/** A fixed pseudo-random sequence (the same organization every run). */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!;
  const shuffle = <T>(list: T[]) => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [list[i], list[j]] = [list[j]!, list[i]!];
    }
    return list;
  };
  return { int, pick, shuffle };
}

type LargeTeam = typeof teams.$inferInsert & {
  id: string;
  level: number;
  parent: LargeTeam | null;
  /** The lead: a person's id, or an agent's. */
  lead: { kind: 'human' | 'agent'; id: string };
};
type LargeHuman = typeof users.$inferInsert & { id: string };
type LargeAgent = typeof agents.$inferInsert & { id: string };

/**
 * Plans the large organization in memory: 300 teams nested 8 deep, each led by a person who
 * belongs to the parent team and reports to its lead (a division's lead reports to the chief
 * executive), except half of the deepest teams, led by an agent for which the parent team's lead
 * is responsible and staffed by agents that answer to it. People in a team report to its lead;
 * agents in a team answer to its lead or, one in four, to a person of the team. A valid tree: no
 * loops, every team led, no empty team, every agent's responsibility reaches a person.
 */
export function planLargeOrganization(companyId: string, passwordHash: string) {
  const rng = random(14);
  const names = rng.shuffle(FIRST_NAMES.flatMap((first) => LAST_NAMES.map((last) => `${first} ${last}`)));
  const emails = new Set<string>();
  const joinedBase = Date.UTC(2015, 0, 5);
  const humans: LargeHuman[] = [];
  const human = (fields: { title: string; teamId: string | null; managerUserId: string | null }, email?: string) => {
    const name = names[humans.length]!;
    const slug = fold(name)
      .replace(/[^a-z]+/g, '.')
      .replace(/^\.|\.$/g, '');
    let address = email ?? `${slug}@large-org.example`;
    for (let n = 2; emails.has(address); n++) address = `${slug}.${n}@large-org.example`;
    emails.add(address);
    const joined = new Date(joinedBase + humans.length * 3_600_000 * 9);
    const row: LargeHuman = {
      id: randomUUID(),
      email: address,
      name,
      passwordHash,
      companyId,
      role: 'member',
      joinedCompanyAt: joined,
      createdAt: joined,
      ...fields,
    };
    humans.push(row);
    return row;
  };
  const ceo = human({ title: 'Chief Executive Officer', teamId: null, managerUserId: null }, LARGE_ORG.admin);
  ceo.role = 'admin';

  const agentNames = rng.shuffle(
    AGENT_NAMES.flatMap((first) => AGENT_JOBS.map(([job, role]) => [`${first} ${job}`, role]!)),
  );
  const agentRows: LargeAgent[] = [];
  const agent = (fields: Pick<LargeAgent, 'teamId' | 'managerKind' | 'managerId'>) => {
    const [name, role] = agentNames[agentRows.length]!;
    const row: LargeAgent = {
      id: randomUUID(),
      companyId,
      name: name!,
      role: role!,
      // One in 25 has finished its work (never a lead: those are the first ten).
      status: agentRows.length % 25 === 24 ? 'completed' : 'active',
      ...fields,
    };
    agentRows.push(row);
    return row;
  };

  const teamNames = rng.shuffle(TEAM_AREAS.flatMap((area) => TEAM_KINDS.map((kind) => `${area} ${kind}`)));
  const teamRows: LargeTeam[] = [];
  const levels: LargeTeam[][] = [];
  for (const [index, size] of LEVEL_SIZES.entries()) {
    const level = index + 1;
    const above = levels[index - 1] ?? [];
    const row: LargeTeam[] = [];
    for (let i = 0; i < size; i++) {
      // The first teams of a level take the teams above in turn (so each has a child), the rest at random.
      const parent = level === 1 ? null : i < above.length ? above[i]! : rng.pick(above);
      const agentLed = level === LEVEL_SIZES.length && i % 2 === 1;
      const id = randomUUID();
      const name = level === 1 ? DIVISIONS[i]! : teamNames[teamRows.length]!;
      const parentLead = parent ? parent.lead.id : ceo.id;
      const lead = agentLed
        ? {
            kind: 'agent' as const,
            id: agent({ teamId: parent!.id, managerKind: 'human', managerId: parentLead }).id,
          }
        : {
            kind: 'human' as const,
            id: human({
              title: level === 1 ? `Vice President, ${name}` : level <= 3 ? `Head of ${name}` : `${name} Lead`,
              teamId: parent?.id ?? null,
              managerUserId: parentLead,
            }).id,
          };
      const team: LargeTeam = {
        id,
        companyId,
        name,
        parentId: parent?.id ?? null,
        leadKind: lead.kind,
        leadId: lead.id,
        level,
        parent,
        lead,
      };
      row.push(team);
      teamRows.push(team);
    }
    levels.push(row);
  }
  // The lead of Finance & People is an admin too (joined after the chief executive: not the root).
  humans.find((row) => row.title === 'Vice President, Finance & People')!.role = 'admin';

  const humanLed = teamRows.filter((team) => team.lead.kind === 'human');
  const agentLed = teamRows.filter((team) => team.lead.kind === 'agent');
  for (const team of agentLed) {
    for (let i = 0; i < AGENT_LED_MEMBERS; i++)
      agent({ teamId: team.id, managerKind: 'agent', managerId: team.lead.id });
  }
  // Every team led by a person gets three people first (no empty team), the rest at random.
  const individuals = LARGE_ORG.humans - humans.length;
  const staff = new Map<string, LargeHuman[]>(humanLed.map((team) => [team.id, []]));
  for (let i = 0; i < individuals; i++) {
    const team = i < humanLed.length * 3 ? humanLed[i % humanLed.length]! : rng.pick(humanLed);
    staff.get(team.id)!.push(human({ title: rng.pick(IC_TITLES), teamId: team.id, managerUserId: team.lead.id }));
  }
  while (agentRows.length < LARGE_ORG.agents) {
    const team = rng.pick(humanLed);
    const people = staff.get(team.id)!;
    const owner = rng.int(4) === 0 ? rng.pick(people).id : team.lead.id;
    agent({ teamId: team.id, managerKind: 'human', managerId: owner });
  }
  return { teams: teamRows, humans, agents: agentRows };
}

/**
 * Seeds "Large Org" once (a second run finds its admin and changes nothing): 4,200 people and 800
 * agents (5,000 members) in 300 teams nested 8 deep, with `large-admin@example.com` as its
 * admin and the chart's root. Multi-row inserts in one transaction. Returns whether it seeded.
 */
export async function seedLargeOrganization(db: Database, password: () => Promise<string>): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, LARGE_ORG.admin));
  if (existing) return false;
  const passwordHash = await password();
  await db.transaction(async (tx) => {
    const [company] = await tx.insert(companies).values({ name: LARGE_ORG.company }).returning();
    await openTrialAccount(tx, company!.id);
    const plan = planLargeOrganization(company!.id, passwordHash);
    // Parents before children (teams are planned level by level, people managers first).
    await batches(
      plan.teams.map(({ level: _level, parent: _parent, lead: _lead, ...row }) => row),
      (batch) => tx.insert(teams).values(batch),
    );
    await batches(plan.humans, (batch) => tx.insert(users).values(batch));
    await batches(plan.agents, (batch) => tx.insert(agents).values(batch));
  });
  return true;
}

async function batches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
}
