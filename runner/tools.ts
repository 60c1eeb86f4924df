/**
 * The workspace operations an agent may use, each one an API call recorded as an `action`
 * activity item on the reply (tool name and arguments), so the person sees every step. The same
 * operations are offered to a language model as tools (`TOOL_DEFINITIONS`, `runTool`).
 */
import { type WorkspaceApi, isCreditsExhausted } from './api.ts';
import type { ActivityInput, Board, Card, Project, WikiPage } from './types.ts';

export type RecordActivity = (item: ActivityInput) => Promise<void>;

export type WorkspaceTools = ReturnType<typeof createTools>;

const quote = (text: string) => `“${text}”`;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The operations bound to one piece of work: its activity record and its abort signal. */
export function createTools(api: WorkspaceApi, record: RecordActivity, signal?: AbortSignal) {
  async function step<T>(
    tool: string,
    args: Record<string, unknown>,
    run: () => Promise<T>,
    describe: (result: T) => string,
  ): Promise<T> {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      // Out of credits: nothing more is written for this work, not even the failed step.
      if (!signal?.aborted && !isCreditsExhausted(error))
        await record({ type: 'error', text: `${tool} failed: ${(error as Error).message}`, tool, arguments: args });
      throw error;
    }
    await record({ type: 'action', text: describe(result), tool, arguments: args });
    return result;
  }

  return {
    /** Records an activity item on the reply (for steps that are not API calls). */
    record,
    search: (query: string) =>
      step(
        'search_workspace',
        { query },
        () => api.search(query.slice(0, 80), 20, signal),
        (results) => `Searched the workspace for ${quote(query)}: ${plural(results.length, 'result')}`,
      ),
    listProjects: () =>
      step(
        'list_projects',
        {},
        () => api.listProjects(signal),
        (projects: Project[]) => `Listed the boards: ${plural(projects.length, 'board')}`,
      ),
    getBoard: (projectId: string) =>
      step(
        'get_board',
        { projectId },
        () => api.getBoard(projectId, signal),
        (board: Board) =>
          `Read the board ${quote(board.name)}: ${plural(board.columns.length, 'column')}, ${plural(
            board.columns.reduce((sum, column) => sum + column.cards.length, 0),
            'card',
          )}`,
      ),
    getCard: (projectId: string, cardId: string) =>
      step(
        'get_card',
        { projectId, cardId },
        () => api.getCard(projectId, cardId, signal),
        (card: Card) => `Read the card ${quote(card.title)}`,
      ),
    /** Not offered to a model as a tool: the runner reads the page a mention is on. */
    getWikiPage: (projectId: string, pageId: string) =>
      step(
        'get_wiki_page',
        { projectId, pageId },
        () => api.getWikiPage(projectId, pageId, signal),
        (page: WikiPage) => `Read the wiki page ${quote(page.title)}`,
      ),
    listMembers: () =>
      step(
        'list_members',
        {},
        () => api.listMembers(signal),
        (members) => `Listed the company's people and agents: ${members.length}`,
      ),
    commentOnCard: (projectId: string, cardId: string, text: string) =>
      step(
        'comment_on_card',
        { projectId, cardId, text: text.length > 200 ? `${text.slice(0, 200)}…` : text },
        () => api.commentOnCard(projectId, cardId, text.slice(0, 10_000), signal),
        () => 'Commented on the card',
      ),
    moveCard: (projectId: string, cardId: string, columnId: string, position: number, columnName?: string) =>
      step(
        'move_card',
        { projectId, cardId, columnId, position },
        () => api.moveCard(projectId, cardId, columnId, position, signal),
        () => `Moved the card to ${columnName ? quote(columnName) : 'another column'}`,
      ),
  };
}

/** Tools in the OpenAI chat-completions format (`tools` of a request). */
export const TOOL_DEFINITIONS = [
  {
    type: 'function',
    function: {
      name: 'search_workspace',
      description:
        'Search the workspace by name: agents, teams, people, projects (boards), cards, wiki pages. Answers kind, id, label, context.',
      parameters: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look for, 1..80 characters.' } },
        required: ['query'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'list_projects',
      description: 'List the boards (projects) of the company with their ids and card counts.',
      parameters: { type: 'object', properties: {} },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_board',
      description:
        'Read a board: its columns and their cards (title, assignee, blocked reason, due date, priority, labels).',
      parameters: {
        type: 'object',
        properties: { projectId: { type: 'string', description: 'The project id (from list_projects or search).' } },
        required: ['projectId'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'comment_on_card',
      description: 'Write a comment on a card, under your own name.',
      parameters: {
        type: 'object',
        properties: {
          projectId: { type: 'string' },
          cardId: { type: 'string' },
          text: { type: 'string', description: 'The comment, 1..10000 characters.' },
        },
        required: ['projectId', 'cardId', 'text'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'move_card',
      description: 'Move a card to a column of its board (position 0 is the top of the column).',
      parameters: {
        type: 'object',
        properties: {
          projectId: { type: 'string' },
          cardId: { type: 'string' },
          columnId: { type: 'string' },
          position: { type: 'integer', minimum: 0 },
        },
        required: ['projectId', 'cardId', 'columnId'],
      },
    },
  },
] as const;

export type ToolName = (typeof TOOL_DEFINITIONS)[number]['function']['name'];
/** The tools that only read: offered when the runner itself does the writing (card planning). */
export const READ_ONLY_TOOLS: readonly ToolName[] = ['search_workspace', 'list_projects', 'get_board'];

/** A model called a tool with arguments it cannot have: the call never reached the API. */
class ToolArgumentError extends Error {}

const str = (args: Record<string, unknown>, name: string): string => {
  const value = args[name];
  if (typeof value !== 'string' || value.trim() === '') throw new ToolArgumentError(`${name} is required`);
  return value;
};

/** What a model gets back from get_board: the facts, without the bulk (comments, checklists' text). */
export function compactBoard(board: Board) {
  return {
    id: board.id,
    name: board.name,
    columns: board.columns.map((column) => ({
      id: column.id,
      name: column.name,
      cards: column.cards.map((card) => ({
        id: card.id,
        title: card.title,
        priority: card.priority,
        ...(card.assignee ? { assignee: card.assignee, assigneeKind: card.assigneeKind } : {}),
        ...(card.blocked ? { blocked: card.blocked } : {}),
        ...(card.due ? { due: card.due } : {}),
        ...(card.labels.length ? { labels: card.labels } : {}),
        ...(card.checklist.length
          ? { checklist: `${card.checklist.filter((item) => item.done).length}/${card.checklist.length} done` }
          : {}),
      })),
    })),
  };
}

/**
 * Runs a model's tool call through the API. Answers what the model reads back: the result, or
 * `{error}` (a failed call is the model's to handle, and is recorded as an `error` activity).
 */
export async function runTool(
  tools: WorkspaceTools,
  name: string,
  args: Record<string, unknown>,
  allowed: readonly string[],
): Promise<unknown> {
  if (!allowed.includes(name)) {
    const error = `Unknown tool ${name}. Available: ${allowed.join(', ')}.`;
    await tools.record({ type: 'error', text: error, tool: name, arguments: args });
    return { error };
  }
  try {
    switch (name as ToolName) {
      case 'search_workspace':
        return {
          results: (await tools.search(str(args, 'query'))).map(({ kind, id, label, context, status, projectId }) => ({
            kind,
            id,
            label,
            context,
            status,
            ...(projectId ? { projectId } : {}),
          })),
        };
      case 'list_projects':
        return {
          projects: (await tools.listProjects()).map(({ id, name, cardCount, archived }) => ({
            id,
            name,
            cardCount,
            archived,
          })),
        };
      case 'get_board':
        return compactBoard(await tools.getBoard(str(args, 'projectId')));
      case 'comment_on_card': {
        const comment = await tools.commentOnCard(str(args, 'projectId'), str(args, 'cardId'), str(args, 'text'));
        return { commentId: comment.id };
      }
      case 'move_card': {
        const position = typeof args.position === 'number' && args.position >= 0 ? Math.floor(args.position) : 0;
        const moved = await tools.moveCard(
          str(args, 'projectId'),
          str(args, 'cardId'),
          str(args, 'columnId'),
          position,
        );
        return { cardId: moved.card.id, column: moved.card.column };
      }
    }
  } catch (error) {
    // Out of credits ends the work (the model cannot help it): the runner stops taking work.
    if (isCreditsExhausted(error)) throw error;
    // API failures were recorded by the step; a bad argument never got that far.
    if (error instanceof ToolArgumentError)
      await tools.record({ type: 'error', text: `${name}: ${error.message}`, tool: name, arguments: args });
    return { error: (error as Error).message };
  }
}
