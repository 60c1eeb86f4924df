/**
 * The built-in assistant, used when no language model is configured. It understands a few requests
 * (find, what is blocked, triage, summarise, help), answers them from the API's data only, and says
 * plainly what it cannot do. It streams its answers a few words at a time, as a model would. A
 * schedule's instruction is such a request; a webhook's delivery is described from its payload and
 * looked up in the workspace.
 */
import type { WorkspaceTools } from '../tools.ts';
import type { Board, Card, Member, Project, SearchResult } from '../types.ts';
import { matchBoard, parseIntent } from './intents.ts';
import { type Backend, type CardPlanInput, type ChatTurn, type WorkContext, piecesOf } from './types.ts';

export type RulesOptions = {
  /** A pause between pieces, so a person sees the reply stream in (0 in tests). */
  pieceDelayMs?: number;
  /** The clock, for "overdue". */
  now?: () => number;
};

const quote = (text: string) => `“${text}”`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const DONE_COLUMN = /\b(?:done|complete[d]?|shipped|closed|finished|released)\b/i;

const CAPABILITIES = [
  'I can:',
  '- find things in the workspace: “find invoices”, “search Lin”',
  '- list the blocked cards of a board: “what is blocked on Café roadmap?”',
  '- summarise a board: columns, blocked and overdue cards, who has what: “summarise Café roadmap”',
  '- triage a board: what needs attention (blocked, overdue, urgent or high priority, unassigned): “triage Support”',
  '- work on a card delegated to me: I comment a plan and move it to a Review column.',
  '- answer when you mention me in a card or wiki comment: I reply in its thread.',
  '- on a schedule, do any of these requests; on a webhook, describe what was delivered and find what it relates to.',
].join('\n');

export const BUILT_IN_NOTE = 'I am the built-in assistant of the reference agent runner (no language model is set up).';

export function createRulesBackend(options: RulesOptions = {}): Backend {
  const now = options.now ?? Date.now;
  const delay = options.pieceDelayMs ?? 30;

  async function stream(context: WorkContext, text: string) {
    const pieces = piecesOf(text);
    for (const [index, piece] of pieces.entries()) {
      if (context.signal.aborted) return;
      await context.sink.text(piece);
      if (delay > 0 && index < pieces.length - 1) await pause(delay, context.signal);
    }
  }

  async function chat(context: WorkContext & { history: ChatTurn[] }) {
    if (context.task?.kind === 'webhook') {
      await context.sink.activity({ type: 'thought', text: 'Understood the request as: a webhook delivery' });
      await stream(context, await describeDelivery(context.tools, context.task.name, context.task.payload));
      return;
    }
    const question = [...context.history].reverse().find((turn) => turn.role === 'user')?.text ?? '';
    const intent = parseIntent(question);
    await context.sink.activity({ type: 'thought', text: `Understood the request as: ${intent.kind}` });
    let answer: string;
    switch (intent.kind) {
      case 'help':
        answer = await help(context.tools);
        break;
      case 'search':
        answer = formatSearch(intent.query, await context.tools.search(intent.query));
        break;
      case 'blocked':
      case 'triage':
      case 'summary': {
        const board = await findBoard(context, question, intent.board);
        if (typeof board === 'string') answer = board;
        else if (intent.kind === 'blocked') answer = formatBlocked(board, await namesOf(context.tools, board));
        else if (intent.kind === 'triage') answer = formatTriage(board, await namesOf(context.tools, board), now());
        else answer = formatSummary(board, await namesOf(context.tools, board), now());
        break;
      }
      default:
        answer = `${BUILT_IN_NOTE} I can’t answer that, and I won’t guess.\n\n${CAPABILITIES}`;
    }
    await stream(context, answer);
  }

  /** The board a request means, or what to say when it names none or one the agent cannot see. */
  async function findBoard(context: WorkContext, question: string, phrase: string | null): Promise<Board | string> {
    const projects = (await context.tools.listProjects()).filter((project) => !project.archived);
    let project: Project | null = matchBoard(question, phrase, projects);
    // In a session about a card, or a comment on a card or page, "summarise" means its board.
    const about = context.session?.card?.projectId ?? context.mention?.projectId;
    if (!project && !phrase && about) project = projects.find((candidate) => candidate.id === about) ?? null;
    if (!project && !phrase && projects.length === 1) project = projects[0]!;
    if (!project) {
      const names = projects.map((candidate) => quote(candidate.name)).join(', ');
      const which = phrase ? `I can’t find a board named ${quote(phrase)}.` : 'Which board do you mean?';
      return projects.length > 0 ? `${which} The boards I can see: ${names}.` : `${which} I can’t see any boards.`;
    }
    return context.tools.getBoard(project.id);
  }

  async function planCard(context: WorkContext & CardPlanInput): Promise<string> {
    const plan = formatPlan(context, now());
    await stream(context, plan);
    return plan;
  }

  return { label: 'the built-in assistant (no model configured)', chat, planCard };
}

async function help(tools: WorkspaceTools) {
  const projects = (await tools.listProjects()).filter((project) => !project.archived);
  const boards = projects.length
    ? `\n\nBoards I can see: ${projects.map((project) => quote(project.name)).join(', ')}.`
    : '';
  return `${BUILT_IN_NOTE}\n\n${CAPABILITIES}${boards}`;
}

/** Names of the people and agents assigned on a board (listed only when some card has an assignee). */
async function namesOf(tools: WorkspaceTools, board: Board): Promise<Map<string, string>> {
  const assigned = board.columns.some((column) => column.cards.some((card) => card.assignee));
  if (!assigned) return new Map();
  const members: Member[] = await tools.listMembers();
  return new Map(members.map((member) => [member.id, member.name]));
}

const KIND_LABELS: Record<string, string> = {
  wiki_page: 'wiki page',
  cron_job: 'cron job',
  webhook_endpoint: 'webhook',
};

export function formatSearch(query: string, results: SearchResult[]): string {
  if (results.length === 0) return `Nothing in the workspace matches ${quote(query)}.`;
  const shown = results.slice(0, 10);
  const lines = shown.map((result) => {
    const kind = KIND_LABELS[result.kind] ?? result.kind;
    return `- ${result.label} (${kind}${result.context ? ` · ${result.context}` : ''})`;
  });
  const more = results.length > shown.length ? `\n…and ${results.length - shown.length} more.` : '';
  return `I found ${plural(results.length, 'result')} for ${quote(query)}:\n${lines.join('\n')}${more}`;
}

const liveCards = (board: Board) =>
  board.columns.flatMap((column) => column.cards.filter((card) => !card.archived).map((card) => ({ card, column })));

const assigneeOf = (card: Card, names: Map<string, string>) =>
  card.assignee ? (names.get(card.assignee) ?? 'someone no longer listed') : null;

export function formatBlocked(board: Board, names: Map<string, string>): string {
  const cards = liveCards(board);
  const blocked = cards.filter(({ card }) => card.blocked);
  if (blocked.length === 0)
    return `Nothing is blocked on ${quote(board.name)} (${plural(cards.length, 'live card')} checked).`;
  const lines = blocked.map(({ card, column }) => {
    const who = assigneeOf(card, names);
    return `- ${quote(card.title)} in ${column.name}: ${card.blocked}${who ? ` (assigned to ${who})` : ''}`;
  });
  return `${plural(blocked.length, 'blocked card')} on ${quote(board.name)}:\n${lines.join('\n')}`;
}

const day = (iso: string) => iso.slice(0, 10);

const URGENT = new Set(['urgent', 'high']);

/**
 * What needs attention on a board, among its live cards outside done columns: blocked, overdue,
 * urgent or high priority without an assignee, and the rest of the unassigned. Each card once, in
 * that order. Nothing is changed: this is a report.
 */
export function formatTriage(board: Board, names: Map<string, string>, now: number): string {
  const open = liveCards(board).filter(({ column }) => !DONE_COLUMN.test(column.name));
  const taken = new Set<string>();
  const pick = (test: (card: Card) => boolean) => {
    const picked = open.filter(({ card }) => !taken.has(card.id) && test(card));
    for (const { card } of picked) taken.add(card.id);
    return picked;
  };
  const blocked = pick((card) => Boolean(card.blocked));
  const overdue = pick((card) => Boolean(card.due && Date.parse(card.due) < now));
  const urgent = pick((card) => URGENT.has(card.priority) && !card.assignee);
  const unassigned = pick((card) => !card.assignee);
  if (taken.size === 0)
    return `Nothing on ${quote(board.name)} needs attention: ${plural(open.length, 'open card')}, none blocked, overdue or unassigned.`;
  const who = (card: Card) => {
    const name = assigneeOf(card, names);
    return name ? ` (assigned to ${name})` : '';
  };
  const section = (title: string, list: { card: Card; column: { name: string } }[], line: (card: Card) => string) =>
    list.length
      ? [
          `${title} (${list.length}):`,
          ...list.slice(0, 10).map(({ card, column }) => `- ${quote(card.title)} in ${column.name}${line(card)}`),
          ...(list.length > 10 ? [`- …and ${list.length - 10} more`] : []),
        ]
      : [];
  return [
    `Triage of ${quote(board.name)}: ${taken.size} of ${plural(open.length, 'open card')} need attention.`,
    ...section('Blocked', blocked, (card) => `: ${card.blocked}${who(card)}`),
    ...section('Overdue', overdue, (card) => `, due ${day(card.due!)}${who(card)}`),
    ...section('Urgent or high priority, nobody assigned', urgent, (card) => ` (${card.priority})`),
    ...section('Nobody assigned', unassigned, () => ''),
  ].join('\n');
}

/** Leaves of a JSON value as `path: value` lines (at most `limit`), and how many there are (counted up to 1,000). */
export function payloadFacts(payload: unknown, limit = 12): { lines: string[]; total: number } {
  const lines: string[] = [];
  let total = 0;
  const scalar = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    const line = text.replace(/\s+/g, ' ');
    return line.length > 120 ? `${line.slice(0, 119)}…` : line;
  };
  const add = (path: string, value: string) => {
    total++;
    if (lines.length < limit) lines.push(`- ${path || '(the payload)'}: ${value}`);
  };
  const walk = (value: unknown, path: string) => {
    if (total >= 1000) return;
    if (value === null || typeof value !== 'object') add(path, scalar(value));
    else if (Array.isArray(value)) {
      if (value.length === 0) add(path, '(empty list)');
      value.forEach((item, index) => walk(item, `${path}[${index}]`));
    } else {
      const entries = Object.entries(value);
      if (entries.length === 0) add(path, '(empty object)');
      for (const [key, item] of entries) walk(item, path ? `${path}.${key}` : key);
    }
  };
  walk(payload, '');
  return { lines, total };
}

/** The first string of a payload under a key like `title`, `name`, `subject` or `summary` (2..80 characters): what it is about. */
export function payloadTopic(payload: unknown): string | null {
  const queue: unknown[] = [payload];
  for (let seen = 0; queue.length && seen < 500; seen++) {
    const value = queue.shift();
    if (!value || typeof value !== 'object') continue;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [key, item] of entries) {
      if (typeof item === 'string' && /^(?:title|name|subject|summary)$/i.test(key)) {
        const text = item.replace(/\s+/g, ' ').trim();
        if (text.length >= 2 && text.length <= 80) return text;
      }
    }
    for (const [, item] of entries) if (item && typeof item === 'object') queue.push(item);
  }
  return null;
}

/** A webhook delivery, described from its payload; what it is about is looked up in the workspace. */
async function describeDelivery(tools: WorkspaceTools, name: string, payload: unknown): Promise<string> {
  const { lines, total } = payloadFacts(payload);
  const shape = Array.isArray(payload)
    ? `a list of ${plural(payload.length, 'item')}`
    : payload && typeof payload === 'object'
      ? `a JSON object (${plural(total, 'value')})`
      : 'a single value';
  const parts = [`Webhook ${quote(name)} delivered ${shape}:`, ...lines];
  if (total > lines.length) parts.push(`…and ${total - lines.length}${total >= 1000 ? '+' : ''} more.`);
  const topic = payloadTopic(payload);
  if (topic) parts.push('', formatSearch(topic, await tools.search(topic)));
  parts.push('', `${BUILT_IN_NOTE} I described the delivery and looked it up; I took no other action.`);
  return parts.join('\n');
}

export function formatSummary(board: Board, names: Map<string, string>, now: number): string {
  const cards = liveCards(board);
  const perColumn = board.columns
    .map((column) => `${column.name}: ${column.cards.filter((card) => !card.archived).length}`)
    .join(' · ');
  const blocked = cards.filter(({ card }) => card.blocked);
  const overdue = cards.filter(
    ({ card, column }) => card.due && Date.parse(card.due) < now && !DONE_COLUMN.test(column.name),
  );
  const load = new Map<string, number>();
  let unassigned = 0;
  for (const { card } of cards) {
    const who = assigneeOf(card, names);
    if (who) load.set(who, (load.get(who) ?? 0) + 1);
    else unassigned++;
  }
  const people = [...load.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([name, count]) => `${name} ${count}`);
  if (unassigned) people.push(`unassigned ${unassigned}`);
  const titles = (list: { card: Card }[], extra: (card: Card) => string = () => '') =>
    list
      .slice(0, 5)
      .map(({ card }) => `${quote(card.title)}${extra(card)}`)
      .join(', ') + (list.length > 5 ? `, and ${list.length - 5} more` : '');
  const lines = [
    `${quote(board.name)}: ${plural(cards.length, 'live card')} in ${plural(board.columns.length, 'column')}.`,
    `- Columns: ${perColumn || 'none'}`,
    `- Blocked: ${blocked.length}${blocked.length ? ` (${titles(blocked, (card) => `: ${card.blocked}`)})` : ''}`,
    `- Overdue (due date passed, not in a done column): ${overdue.length}${
      overdue.length ? ` (${titles(overdue, (card) => `, due ${day(card.due!)}`)})` : ''
    }`,
    `- Assignees: ${people.join(', ') || 'none'}`,
  ];
  return lines.join('\n');
}

/** The plan the built-in assistant comments on a delegated card: the card's own facts, and the hand-off. */
export function formatPlan(input: CardPlanInput, now: number): string {
  const { card, accountable, reviewColumn, currentColumn } = input;
  const steps: string[] = [];
  const description =
    card.description
      .trim()
      .split(/\n\s*\n/)[0]
      ?.trim() ?? '';
  steps.push(
    description
      ? `Scope, from the description: ${description.length > 300 ? `${description.slice(0, 300)}…` : description}`
      : 'Scope: the card has no description, so its title is the whole brief.',
  );
  if (card.blocked) steps.push(`Unblock it first: ${card.blocked}`);
  const open = card.checklist.filter((item) => !item.done);
  if (card.checklist.length)
    steps.push(
      open.length
        ? `Work through the open checklist items (${card.checklist.length - open.length} of ${card.checklist.length} done): ${open
            .map((item) => quote(item.text))
            .join(', ')}`
        : `The checklist is done (${card.checklist.length} of ${card.checklist.length}).`,
    );
  else steps.push('Agree on the steps: the card has no checklist.');
  if (card.due)
    steps.push(
      `${Date.parse(card.due) < now ? 'It is overdue: it was due' : 'Finish by the due date,'} ${day(card.due)}.`,
    );
  steps.push(
    reviewColumn
      ? currentColumn?.id === reviewColumn.id
        ? `Hand-off: it is already in ${quote(reviewColumn.name)} for ${accountable} to check.`
        : `Hand-off: move it to ${quote(reviewColumn.name)} for ${accountable} to check.`
      : `Hand-off: the board has no Review column, so it stays in ${quote(currentColumn?.name ?? 'its column')}; ${accountable} decides what comes next.`,
  );
  return [
    `Plan for ${quote(card.title)}:`,
    ...steps.map((step, index) => `${index + 1}. ${step}`),
    '',
    `${BUILT_IN_NOTE} This plan comes from the card’s own data; a person or a model-backed agent does the work.`,
  ].join('\n');
}

/** Waits `ms`, or less if the work is stopped. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
