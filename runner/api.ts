/**
 * The runner's door to the Workspace API: plain `fetch` with the agent token, JSON in and out, and
 * the error envelope (`{error, code}`) turned into an `ApiError`.
 */
import type {
  ActivityInput,
  Agent,
  AgentMessage,
  AgentSession,
  Board,
  Card,
  CardComment,
  CommentPage,
  CreditBalance,
  CronJob,
  CronRun,
  Member,
  Project,
  SearchResult,
  TaskReport,
  WebhookDelivery,
  WebhookEndpoint,
  WikiPage,
} from './types.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Codes that mean "this work is over": the person stopped the session, or the reply was ended. */
export const WORK_ENDED_CODES = new Set(['SESSION_STOPPED', 'MESSAGE_FINISHED']);
export const isWorkEnded = (error: unknown) => error instanceof ApiError && WORK_ENDED_CODES.has(error.code ?? '');

/** 402 `CREDITS_EXHAUSTED`: the company has no credits for agent work; the write was not made. */
export const CREDITS_EXHAUSTED = 'CREDITS_EXHAUSTED';
export const isCreditsExhausted = (error: unknown) =>
  error instanceof ApiError && error.status === 402 && error.code === CREDITS_EXHAUSTED;

/**
 * The API base URL from what a user types: the server's address (`http://localhost:8080`, the API
 * is under `/api`) or the API base itself (`…/api`).
 */
export function apiBaseUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return /\/api$/.test(trimmed) ? trimmed : `${trimmed}/api`;
}

type RequestOptions = { body?: unknown; query?: Record<string, string | number | undefined>; signal?: AbortSignal };

export type WorkspaceApi = ReturnType<typeof createApi>;

export function createApi({ url, token }: { url: string; token: string }) {
  const base = apiBaseUrl(url);

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const target = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) target.searchParams.set(name, String(value));
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(target, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const envelope = (parsed ?? {}) as { error?: string; code?: string };
      throw new ApiError(
        response.status,
        envelope.code,
        `${method} ${path}: ${response.status} ${envelope.code ?? ''} ${envelope.error ?? text.slice(0, 200)}`.trim(),
      );
    }
    return parsed as T;
  }

  const sessionPath = (agentId: string, sessionId: string) => `/agents/${agentId}/sessions/${sessionId}`;

  /** Every comment of a list (a card's, a page's), oldest first, read page by page (at most `max`). */
  async function allComments(path: string, signal?: AbortSignal, max = 5000): Promise<CardComment[]> {
    const all: CardComment[] = [];
    const limit = 200;
    for (let offset = 0; offset < max; offset += limit) {
      const page = await request<CommentPage>('GET', path, { query: { limit, offset }, signal });
      all.push(...page.comments);
      if (page.comments.length < limit || all.length >= page.total) break;
    }
    return all;
  }

  return {
    base,
    token,
    request,
    currentAgent: (signal?: AbortSignal) => request<Agent>('GET', '/agents/me', { signal }),
    /** The company's credits (agent tokens may read them). */
    creditBalance: (signal?: AbortSignal) =>
      request<CreditBalance>('GET', '/subscriptions/credits/balance', { signal }),
    listSessions: (agentId: string, limit = 100, offset = 0) =>
      request<AgentSession[]>('GET', '/agent-sessions', { query: { agentId, limit, offset } }),
    getSession: (agentId: string, sessionId: string, signal?: AbortSignal) =>
      request<AgentSession>('GET', sessionPath(agentId, sessionId), { signal }),
    /** Every message of a session, oldest first (read page by page). */
    async listMessages(agentId: string, sessionId: string, signal?: AbortSignal): Promise<AgentMessage[]> {
      const all: AgentMessage[] = [];
      const limit = 200;
      for (let offset = 0; ; offset += limit) {
        const page = await request<AgentMessage[]>('GET', `${sessionPath(agentId, sessionId)}/messages`, {
          query: { limit, offset },
          signal,
        });
        all.push(...page);
        if (page.length < limit) return all;
      }
    },
    postReply: (
      agentId: string,
      sessionId: string,
      body: { text?: string; activity?: ActivityInput[]; done?: boolean },
      signal?: AbortSignal,
    ) => request<AgentMessage>('POST', `${sessionPath(agentId, sessionId)}/messages`, { body, signal }),
    updateReply: (
      agentId: string,
      sessionId: string,
      messageId: string,
      body: { append?: string; activity?: ActivityInput[]; status?: 'complete' | 'error' },
      signal?: AbortSignal,
    ) => request<AgentMessage>('PATCH', `${sessionPath(agentId, sessionId)}/messages/${messageId}`, { body, signal }),
    setSessionStatus: (agentId: string, sessionId: string, status: 'completed' | 'failed', signal?: AbortSignal) =>
      request<AgentSession>('PATCH', sessionPath(agentId, sessionId), { body: { status }, signal }),
    listProjects: (signal?: AbortSignal) =>
      request<{ projects: Project[] }>('GET', '/projects', { signal }).then((answer) => answer.projects),
    getBoard: (projectId: string, signal?: AbortSignal) => request<Board>('GET', `/projects/${projectId}`, { signal }),
    getCard: (projectId: string, cardId: string, signal?: AbortSignal) =>
      request<Card>('GET', `/projects/${projectId}/cards/${cardId}`, { signal }),
    /** A comment on a card, or with `parentId` (a thread's root) a reply in that thread. */
    commentOnCard: (projectId: string, cardId: string, text: string, signal?: AbortSignal, parentId?: string) =>
      request<CardComment>('POST', `/projects/${projectId}/cards/${cardId}/comments`, {
        body: parentId ? { text, parentId } : { text },
        signal,
      }),
    /** A card's comments (roots and replies), oldest first. */
    listCardComments: (projectId: string, cardId: string, signal?: AbortSignal) =>
      allComments(`/projects/${projectId}/cards/${cardId}/comments`, signal),
    getWikiPage: (projectId: string, pageId: string, signal?: AbortSignal) =>
      request<WikiPage>('GET', `/projects/${projectId}/wiki/${pageId}`, { signal }),
    /** A wiki page's comments (roots and replies), oldest first. */
    listWikiComments: (projectId: string, pageId: string, signal?: AbortSignal) =>
      allComments(`/projects/${projectId}/wiki/${pageId}/comments`, signal),
    /** A reply in a wiki page's thread (`parentId`, its root). */
    replyOnWikiPage: (projectId: string, pageId: string, parentId: string, text: string, signal?: AbortSignal) =>
      request<CardComment>('POST', `/projects/${projectId}/wiki/${pageId}/comments`, {
        body: { text, parentId },
        signal,
      }),
    moveCard: (projectId: string, cardId: string, columnId: string, position: number, signal?: AbortSignal) =>
      request<{ card: Card }>('PATCH', `/projects/${projectId}/cards/${cardId}/move`, {
        body: { columnId, position },
        signal,
      }),
    search: (q: string, limit = 20, signal?: AbortSignal) =>
      request<{ results: SearchResult[] }>('GET', '/search', { query: { q, limit }, signal }).then(
        (answer) => answer.results,
      ),
    listMembers: (signal?: AbortSignal) =>
      request<{ members: Member[] }>('GET', '/company/members', { signal }).then((answer) => answer.members),
    listCronJobs: (agentId: string, signal?: AbortSignal) =>
      request<CronJob[]>('GET', `/agents/${agentId}/cron-jobs`, { signal }),
    /** A schedule's runs, newest first (a page of at most 100). */
    listCronRuns: (agentId: string, cronJobId: string, limit = 20, offset = 0, signal?: AbortSignal) =>
      request<CronRun[]>('GET', `/agents/${agentId}/cron-jobs/${cronJobId}/runs`, {
        query: { limit, offset },
        signal,
      }),
    /** What came of a run; 409 `RUN_ALREADY_REPORTED` when it was reported already. */
    reportCronRun: (agentId: string, runId: string, report: TaskReport, signal?: AbortSignal) =>
      request<CronRun>('PATCH', `/agents/${agentId}/cron-runs/${runId}`, { body: report, signal }),
    listWebhookEndpoints: (agentId: string, signal?: AbortSignal) =>
      request<WebhookEndpoint[]>('GET', `/agents/${agentId}/webhook-endpoints`, { signal }),
    /** An endpoint's deliveries, newest first (a page of at most 100). */
    listWebhookDeliveries: (agentId: string, endpointId: string, limit = 20, offset = 0, signal?: AbortSignal) =>
      request<WebhookDelivery[]>('GET', `/agents/${agentId}/webhook-endpoints/${endpointId}/deliveries`, {
        query: { limit, offset },
        signal,
      }),
    /** What came of a delivery; 409 `RUN_ALREADY_REPORTED` when it was reported already. */
    reportWebhookDelivery: (agentId: string, deliveryId: string, report: TaskReport, signal?: AbortSignal) =>
      request<WebhookDelivery>('PATCH', `/agents/${agentId}/webhook-deliveries/${deliveryId}`, {
        body: report,
        signal,
      }),
  };
}
