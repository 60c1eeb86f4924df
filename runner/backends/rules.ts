/**
 * The built-in assistant, used when no language model is configured. It understands a few requests
 * (find, what is blocked, summarise, help), answers them from the API's data only, and says plainly
 * what it cannot do. It streams its answers a few words at a time, as a model would.
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
  '- work on a card delegated to me: I comment a plan and move it to a Review column.',
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
      case 'summary': {
        const board = await findBoard(context, question, intent.board);
        if (typeof board === 'string') answer = board;
        else if (intent.kind === 'blocked') answer = formatBlocked(board, await namesOf(context.tools, board));
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
    // In a session about a card, "summarise" means that card's board.
    if (!project && !phrase && context.session.card)
      project = projects.find((candidate) => candidate.id === context.session.card!.projectId) ?? null;
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
