import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { agents, boardColumns, cardComments, cards, type ChecklistItem, projects, teams, users } from '../schema.ts';

const DAY = 86_400_000;

type Who = string; // a person's first name or an agent's name, resolved when seeding
type SeedComment = { by: Who; text: string; daysAgo: number; replies?: SeedComment[]; resolved?: boolean };
type SeedCard = {
  title: string;
  description?: string;
  assignee?: Who;
  priority?: 'none' | 'low' | 'medium' | 'high' | 'urgent';
  labels?: string[];
  checklist?: [string, boolean][];
  /** Days from the seed date; negative is overdue. */
  due?: number;
  blocked?: string;
  comments?: SeedComment[];
};
type SeedBoard = {
  name: string;
  description: string;
  columns: { name: string; wipLimit?: number; cards: SeedCard[] }[];
};

const boards: SeedBoard[] = [
  {
    name: 'Café roadmap',
    description: 'Opening the robot-run café in the Lisbon office: hardware, menu, software and launch.',
    columns: [
      {
        name: 'Backlog',
        cards: [
          { title: 'Loyalty stamps in the ordering app', labels: ['app'], priority: 'low' },
          { title: 'Oat-milk supplier shortlist', assignee: 'Priya', labels: ['supply'], priority: 'low' },
          { title: 'Latte-art patterns for the arm', assignee: 'Hedy', labels: ['hardware', 'fun'] },
          { title: 'Night-time cleaning cycle', labels: ['hardware'], priority: 'medium' },
          {
            title: 'Accessibility review of the kiosk',
            assignee: 'Zoë',
            labels: ['design', 'app'],
            priority: 'medium',
          },
        ],
      },
      {
        name: 'To do',
        cards: [
          {
            title: 'Menu board copy in Portuguese and English',
            assignee: 'Scribe',
            labels: ['content'],
            due: 9,
            checklist: [
              ['Draft English copy', true],
              ['Translate to Portuguese', false],
              ['Review with the café team', false],
            ],
          },
          { title: 'Order the second grinder', assignee: 'Priya', labels: ['supply'], priority: 'high', due: 3 },
          {
            title: 'Allergen labels on every drink',
            assignee: 'Zoë',
            labels: ['design', 'safety'],
            priority: 'high',
            due: 6,
            comments: [{ by: 'Priya', text: 'Legal needs the final list before we print anything.', daysAgo: 2 }],
          },
          {
            title: 'Payment terminal certification',
            assignee: 'Linus',
            labels: ['payments'],
            priority: 'urgent',
            blocked: 'Waiting for the bank’s test credentials',
            due: -2,
          },
        ],
      },
      {
        name: 'In progress',
        wipLimit: 4,
        cards: [
          {
            title: 'Cup-dispenser jam detection',
            description:
              'The dispenser stalls about once every 200 cups. Detect the jam from motor current and retry once before paging someone.',
            assignee: 'Hedy',
            labels: ['hardware', 'bug'],
            priority: 'high',
            due: -1,
            checklist: [
              ['Log motor current during jams', true],
              ['Pick a threshold', true],
              ['Retry once, then alert', false],
            ],
            comments: [
              { by: 'Triage', text: 'Three jam reports this week, all from the left dispenser.', daysAgo: 4 },
              {
                by: 'Max',
                text: 'Is the threshold the same for paper and compostable cups?',
                daysAgo: 3,
                replies: [
                  { by: 'Hedy', text: 'No — compostable cups need about 15% more force. Two thresholds.', daysAgo: 2 },
                ],
              },
            ],
          },
          {
            title: 'Order queue service',
            description: 'Takes orders from the app and the kiosk and feeds the arm in a fair order.',
            assignee: 'Max',
            labels: ['backend'],
            priority: 'high',
            due: 5,
            checklist: [
              ['Queue API', true],
              ['Fairness between app and kiosk', false],
              ['Load test at 300 orders/hour', false],
            ],
            comments: [
              {
                by: 'Linus',
                text: 'Let’s keep the queue in Postgres; no new infrastructure for a café.',
                daysAgo: 6,
                resolved: true,
                replies: [{ by: 'Max', text: 'Agreed, done with SKIP LOCKED.', daysAgo: 5 }],
              },
            ],
          },
          { title: 'Kiosk ordering screens', assignee: 'Zoë', labels: ['design', 'app'], priority: 'medium', due: 8 },
          {
            title: 'Answer café FAQs in the help centre',
            assignee: 'Cafébot',
            labels: ['content', 'support'],
            priority: 'low',
          },
        ],
      },
      {
        name: 'Review',
        cards: [
          {
            title: 'Espresso calibration routine',
            assignee: 'Hedy',
            labels: ['hardware'],
            priority: 'medium',
            comments: [{ by: 'Grace', text: 'Tasted great at 9 bar. Ship it.', daysAgo: 1 }],
          },
          { title: 'Receipt e-mails', assignee: 'Max', labels: ['backend', 'payments'], priority: 'low', due: 2 },
        ],
      },
      {
        name: 'Done',
        cards: [
          { title: 'Choose the robot arm', assignee: 'Grace', labels: ['hardware'], priority: 'high' },
          { title: 'Floor plan approved', assignee: 'Ada', labels: ['facilities'] },
          { title: 'Café name: “Byte & Brew”', assignee: 'Zoë', labels: ['brand'] },
          { title: 'Water line installed', assignee: 'Priya', labels: ['facilities'] },
        ],
      },
    ],
  },
  {
    name: 'Support operations',
    description: 'Customer support for the robot fleet: incidents, tooling and the agents that help.',
    columns: [
      {
        name: 'Triage',
        cards: [
          {
            title: 'Robot R-114 reports “gripper offline” after update',
            assignee: 'Triage',
            labels: ['incident', 'firmware'],
            priority: 'urgent',
            due: 0,
          },
          { title: 'Customer asks for an SLA report export', labels: ['feature-request'], priority: 'low' },
          {
            title: 'Duplicate tickets from the web form',
            assignee: 'Triage',
            labels: ['bug', 'tooling'],
            priority: 'medium',
          },
        ],
      },
      {
        name: 'To do',
        cards: [
          {
            title: 'Macro for “battery replacement” replies',
            assignee: 'Cafébot',
            labels: ['support', 'content'],
            checklist: [
              ['Draft the reply', false],
              ['Review with Ken', false],
            ],
          },
          { title: 'On-call rota for December', assignee: 'Ken', labels: ['process'], priority: 'high', due: 4 },
          {
            title: 'Translate top 20 help articles to German',
            assignee: 'Scribe',
            labels: ['content'],
            priority: 'low',
            due: 21,
          },
          {
            title: 'Escalation path for enterprise customers',
            assignee: 'Priya',
            labels: ['process'],
            priority: 'medium',
          },
        ],
      },
      {
        name: 'Doing',
        wipLimit: 3,
        cards: [
          {
            title: 'Fleet health dashboard',
            description: 'One page showing battery, firmware and error rates per customer site.',
            assignee: 'Sam',
            labels: ['tooling', 'data'],
            priority: 'high',
            due: 7,
            checklist: [
              ['Pick the five metrics', true],
              ['Query the telemetry store', true],
              ['Dashboard layout', false],
              ['Alert thresholds', false],
            ],
            comments: [
              {
                by: 'Ken',
                text: 'Can we see firmware versions per site? Half our tickets are version-specific.',
                daysAgo: 3,
                replies: [{ by: 'Sam', text: 'Yes, adding it as the second column.', daysAgo: 2 }],
              },
            ],
          },
          {
            title: 'Refund flow for failed deliveries',
            assignee: 'Ken',
            labels: ['billing'],
            priority: 'medium',
            blocked: 'Finance has not approved the refund policy yet',
            due: -3,
          },
          { title: 'Reply-time report for November', assignee: 'Sam', labels: ['data'], priority: 'low', due: 1 },
          {
            title: 'Suggest answers for new tickets',
            assignee: 'Cafébot',
            labels: ['support', 'agents'],
            priority: 'medium',
          },
        ],
      },
      {
        name: 'Done',
        cards: [
          {
            title: 'Retire the old ticket form',
            assignee: 'Linus',
            labels: ['tooling'],
            comments: [{ by: 'Triage', text: 'No tickets from the old form in 14 days.', daysAgo: 8 }],
          },
          { title: 'Support hours on the status page', assignee: 'Ken', labels: ['content'] },
          { title: 'Tag taxonomy cleanup', assignee: 'Triage', labels: ['tooling'] },
        ],
      },
    ],
  },
];

type People = Map<string, { kind: 'human' | 'agent'; id: string; name: string }>;

async function people(db: Executor, companyId: string): Promise<People> {
  const map: People = new Map();
  for (const user of await db.select().from(users).where(eq(users.companyId, companyId))) {
    map.set(user.name.split(' ')[0]!, { kind: 'human', id: user.id, name: user.name });
  }
  for (const agent of await db.select().from(agents).where(eq(agents.companyId, companyId))) {
    map.set(agent.name, { kind: 'agent', id: agent.id, name: agent.name });
  }
  return map;
}

/** Seeds the demo boards of a company: realistic cards, assignees human and agent, threads. */
export async function seedBoards(db: Executor, companyId: string, now = Date.now()) {
  const who = await people(db, companyId);
  const find = (name: Who) => {
    const found = who.get(name);
    if (!found) throw new Error(`seed: nobody called ${name}`);
    return found;
  };
  for (const [boardIndex, board] of boards.entries()) {
    const [project] = await db
      .insert(projects)
      .values({
        companyId,
        name: board.name,
        description: board.description,
        createdAt: new Date(now - (40 - boardIndex) * DAY),
      })
      .returning();
    for (const [position, column] of board.columns.entries()) {
      const [columnRow] = await db
        .insert(boardColumns)
        .values({ projectId: project!.id, name: column.name, position, wipLimit: column.wipLimit ?? null })
        .returning();
      for (const [rank, card] of column.cards.entries()) {
        const assignee = card.assignee ? find(card.assignee) : undefined;
        const created = new Date(now - (20 - rank) * DAY);
        const [cardRow] = await db
          .insert(cards)
          .values({
            projectId: project!.id,
            columnId: columnRow!.id,
            rank,
            title: card.title,
            description: card.description ?? '',
            assigneeKind: assignee?.kind ?? null,
            assigneeId: assignee?.id ?? null,
            priority: card.priority ?? 'none',
            labels: card.labels ?? [],
            checklist: (card.checklist ?? []).map(([text, done]): ChecklistItem => ({ text, done })),
            due: card.due === undefined ? null : new Date(now + card.due * DAY),
            blocked: card.blocked ?? null,
            createdAt: created,
            updatedAt: created,
          })
          .returning();
        for (const comment of card.comments ?? []) await seedComment(db, cardRow!.id, comment, null, find, now);
      }
    }
  }
}

async function seedComment(
  db: Executor,
  cardId: string,
  comment: SeedComment,
  parentId: string | null,
  find: (name: Who) => { kind: 'human' | 'agent'; id: string; name: string },
  now: number,
) {
  const author = find(comment.by);
  const at = new Date(now - comment.daysAgo * DAY);
  const [row] = await db
    .insert(cardComments)
    .values({
      cardId,
      parentId,
      authorName: author.name,
      authorUserId: author.kind === 'human' ? author.id : null,
      authorAgentId: author.kind === 'agent' ? author.id : null,
      text: comment.text,
      createdAt: at,
      resolvedAt: comment.resolved ? new Date(now - (comment.daysAgo - 1.5) * DAY) : null,
    })
    .returning();
  for (const reply of comment.replies ?? []) await seedComment(db, cardId, reply, row!.id, find, now);
}

export const LARGE_BOARD = 'Large board (2,000 cards)';

/** The benchmark board: 2,000 cards in 10 columns. Idempotent. */
export async function seedLargeBoard(db: Executor, companyId: string) {
  const [existing] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.name, LARGE_BOARD)));
  if (existing) return false;
  const who = [...(await people(db, companyId)).values()];
  const [project] = await db
    .insert(projects)
    .values({ companyId, name: LARGE_BOARD, description: 'Synthetic data for benchmarks.' })
    .returning();
  const labels = ['backend', 'frontend', 'hardware', 'data', 'content', 'bug', 'ops'];
  const priorities = ['none', 'low', 'medium', 'high', 'urgent'] as const;
  for (let c = 0; c < 10; c++) {
    const [column] = await db
      .insert(boardColumns)
      .values({ projectId: project!.id, name: `Stage ${c + 1}`, position: c })
      .returning();
    const rows = Array.from({ length: 200 }, (_, rank) => {
      const n = c * 200 + rank;
      const person = who[n % who.length]!;
      return {
        projectId: project!.id,
        columnId: column!.id,
        rank,
        title: `Task ${n + 1}: ${['Investigate', 'Build', 'Review', 'Document', 'Test'][n % 5]} ${labels[n % labels.length]} item ${n % 97}`,
        assigneeKind: n % 3 === 0 ? null : person.kind,
        assigneeId: n % 3 === 0 ? null : person.id,
        priority: priorities[n % priorities.length]!,
        labels: [labels[n % labels.length]!, ...(n % 4 === 0 ? [labels[(n + 3) % labels.length]!] : [])],
        checklist:
          n % 5 === 0
            ? [
                { text: 'Step one', done: true },
                { text: 'Step two', done: false },
              ]
            : [],
        due: n % 7 === 0 ? new Date(Date.now() + ((n % 30) - 10) * DAY) : null,
        blocked: n % 50 === 0 ? 'Waiting on another team' : null,
      };
    });
    await db.insert(cards).values(rows);
  }
  return true;
}

const WORDS = (
  'alpha beacon cobalt delta ember falcon granite harbor indigo juniper kestrel lumen meadow nimbus orbit ' +
  'pioneer quartz riverbed summit tundra umber vertex willow xenon yonder zephyr atlas bramble cinder drift ' +
  'echo fjord glacier hollow island jasper kiln lantern mosaic nectar onyx prism quill ridge saffron timber'
).split(' ');
const VERBS =
  'Audit Build Calibrate Draft Evaluate Fix Migrate Plan Refactor Review Ship Test Update Validate Write'.split(' ');
const NOUNS =
  'arm battery conveyor dashboard firmware gripper invoice kiosk ledger manual motor order queue sensor survey'.split(
    ' ',
  );

/** The search benchmark's corpus: with the demo data and the large board, about 50,000 names. */
export async function seedSearchCorpus(db: Executor, companyId: string, passwordHash: string) {
  const [existing] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.companyId, companyId), eq(projects.name, 'Archive project 1')));
  if (existing) return false;
  let seed = 7;
  const pick = <T>(list: T[]) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return list[seed % list.length]!;
  };
  const batches = async <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) => {
    for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
  };
  const teamRows = Array.from({ length: 100 }, (_, i) => ({
    companyId,
    name: `${pick(WORDS)} ${pick(WORDS)} team ${i + 1}`,
  }));
  await batches(teamRows, (batch) => db.insert(teams).values(batch));
  const people = Array.from({ length: 500 }, (_, i) => ({
    email: `person${i + 1}@corpus.acme.example`,
    name: `${pick(WORDS)} ${pick(WORDS)} ${i + 1}`.replace(/\b\w/g, (c) => c.toUpperCase()),
    title: `${pick(NOUNS)} specialist`,
    passwordHash,
    companyId,
    role: 'member' as const,
    joinedCompanyAt: new Date(),
  }));
  await batches(people, (batch) => db.insert(users).values(batch));
  const bots = Array.from({ length: 200 }, (_, i) => ({
    companyId,
    name: `${pick(WORDS)}bot ${i + 1}`,
    role: `${pick(VERBS)}s ${pick(NOUNS)} data`,
    status: i % 10 === 0 ? ('completed' as const) : ('active' as const),
  }));
  await batches(bots, (batch) => db.insert(agents).values(batch));
  for (let p = 0; p < 40; p++) {
    const [project] = await db
      .insert(projects)
      .values({ companyId, name: `Archive project ${p + 1}`, description: 'Search corpus' })
      .returning();
    const [column] = await db
      .insert(boardColumns)
      .values({ projectId: project!.id, name: 'Backlog', position: 0 })
      .returning();
    const rows = Array.from({ length: 1200 }, (_, rank) => ({
      projectId: project!.id,
      columnId: column!.id,
      rank,
      title: `${pick(VERBS)} the ${pick(WORDS)} ${pick(NOUNS)} ${p * 1200 + rank + 1}`,
    }));
    await batches(rows, (batch) => db.insert(cards).values(batch));
  }
  return true;
}
