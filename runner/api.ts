/**
 * The runner's door to the Workspace API: every call the runner makes, named by its operation, made
 * through a transport — REST (`fetch` with the agent token, JSON in and out) or the MCP endpoint's
 * tools (`runner/mcp.ts`, the `--mcp` flag) — with the error envelope (`{error, code}`) turned into
 * an `ApiError` either way.
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

/**
 * One call of the API, described once so that either door can make it: its `operationId` (the MCP
 * tool's name), its REST method and path template (`/projects/{projectId}`), the path parameters,
 * the query and the JSON body.
 */
export type ApiCall = {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
};

/**
 * How calls reach the server: REST (`fetch` on `/api/…`, the default) or the MCP endpoint's tools
 * (`runner/mcp.ts`). Either answers the operation's JSON, or throws an `ApiError` with the HTTP
 * status and the envelope's code.
 */
export type ApiTransport = {
  readonly kind: 'rest' | 'mcp';
  call<T>(call: ApiCall): Promise<T>;
  /** Lets go of what the transport holds (the MCP client); REST holds nothing. */
  close(): Promise<void>;
};

/** The REST path of a call: its template with the path parameters filled in. */
export function callPath({ path, params = {} }: Pick<ApiCall, 'path' | 'params'>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** Plain `fetch` with the agent token, JSON in and out; a non-2xx answer's envelope becomes an `ApiError`. */
export function createRestTransport(base: string, token: string): ApiTransport {
  return {
    kind: 'rest',
    async call<T>({ method, query, body, signal, ...call }: ApiCall): Promise<T> {
      const path = callPath(call);
      const target = new URL(`${base}${path}`);
      for (const [name, value] of Object.entries(query ?? {}))
        if (value !== undefined) target.searchParams.set(name, String(value));
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(target, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
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
    },
    close: () => Promise.resolve(),
  };
}

export type WorkspaceApi = ReturnType<typeof createApi>;

/**
 * The runner's calls, each named by its operation; `transport` decides how they travel (REST by
 * default). The event stream is not here: it is SSE whichever transport the calls use.
 */
export function createApi({ url, token, transport }: { url: string; token: string; transport?: ApiTransport }) {
  const base = apiBaseUrl(url);
  const door = transport ?? createRestTransport(base, token);
  const request = <T>(
    operationId: string,
    method: ApiCall['method'],
    path: string,
    options: Omit<ApiCall, 'operationId' | 'method' | 'path'> = {},
  ) => door.call<T>({ operationId, method, path, ...options });

  const session = (agentId: string, sessionId: string) => ({ agentId, sessionId });

  /** Every comment of a list (a card's, a page's), oldest first, read page by page (at most `max`). */
  async function allComments(
    operationId: string,
    path: string,
    params: Record<string, string>,
    signal?: AbortSignal,
    max = 5000,
  ): Promise<CardComment[]> {
    const all: CardComment[] = [];
    const limit = 200;
    for (let offset = 0; offset < max; offset += limit) {
      const page = await request<CommentPage>(operationId, 'GET', path, { params, query: { limit, offset }, signal });
      all.push(...page.comments);
      if (page.comments.length < limit || all.length >= page.total) break;
    }
    return all;
  }

  return {
    base,
    token,
    /** `rest` or `mcp`: how the calls travel. */
    transport: door.kind,
    /** Lets go of the transport (the MCP client); the runner calls it when it stops. */
    close: () => door.close(),
    currentAgent: (signal?: AbortSignal) => request<Agent>('getCurrentAgent', 'GET', '/agents/me', { signal }),
    /** The company's credits (agent tokens may read them). */
    creditBalance: (signal?: AbortSignal) =>
      request<CreditBalance>('getCreditBalance', 'GET', '/subscriptions/credits/balance', { signal }),
    listSessions: (agentId: string, limit = 100, offset = 0) =>
      request<AgentSession[]>('listAgentSessions', 'GET', '/agent-sessions', { query: { agentId, limit, offset } }),
    getSession: (agentId: string, sessionId: string, signal?: AbortSignal) =>
      request<AgentSession>('getAgentSession', 'GET', '/agents/{agentId}/sessions/{sessionId}', {
        params: session(agentId, sessionId),
        signal,
      }),
    /** Every message of a session, oldest first (read page by page). */
    async listMessages(agentId: string, sessionId: string, signal?: AbortSignal): Promise<AgentMessage[]> {
      const all: AgentMessage[] = [];
      const limit = 200;
      for (let offset = 0; ; offset += limit) {
        const page = await request<AgentMessage[]>(
          'listAgentMessages',
          'GET',
          '/agents/{agentId}/sessions/{sessionId}/messages',
          { params: session(agentId, sessionId), query: { limit, offset }, signal },
        );
        all.push(...page);
        if (page.length < limit) return all;
      }
    },
    postReply: (
      agentId: string,
      sessionId: string,
      body: { text?: string; activity?: ActivityInput[]; done?: boolean },
      signal?: AbortSignal,
    ) =>
      request<AgentMessage>('postAgentMessage', 'POST', '/agents/{agentId}/sessions/{sessionId}/messages', {
        params: session(agentId, sessionId),
        body,
        signal,
      }),
    updateReply: (
      agentId: string,
      sessionId: string,
      messageId: string,
      body: { append?: string; activity?: ActivityInput[]; status?: 'complete' | 'error' },
      signal?: AbortSignal,
    ) =>
      request<AgentMessage>(
        'updateAgentMessage',
        'PATCH',
        '/agents/{agentId}/sessions/{sessionId}/messages/{messageId}',
        { params: { ...session(agentId, sessionId), messageId }, body, signal },
      ),
    setSessionStatus: (agentId: string, sessionId: string, status: 'completed' | 'failed', signal?: AbortSignal) =>
      request<AgentSession>('updateAgentSession', 'PATCH', '/agents/{agentId}/sessions/{sessionId}', {
        params: session(agentId, sessionId),
        body: { status },
        signal,
      }),
    listProjects: (signal?: AbortSignal) =>
      request<{ projects: Project[] }>('listProjects', 'GET', '/projects', { signal }).then(
        (answer) => answer.projects,
      ),
    getBoard: (projectId: string, signal?: AbortSignal) =>
      request<Board>('getProject', 'GET', '/projects/{projectId}', { params: { projectId }, signal }),
    getCard: (projectId: string, cardId: string, signal?: AbortSignal) =>
      request<Card>('getCard', 'GET', '/projects/{projectId}/cards/{cardId}', {
        params: { projectId, cardId },
        signal,
      }),
    /** A comment on a card, or with `parentId` (a thread's root) a reply in that thread. */
    commentOnCard: (projectId: string, cardId: string, text: string, signal?: AbortSignal, parentId?: string) =>
      request<CardComment>('createCardComment', 'POST', '/projects/{projectId}/cards/{cardId}/comments', {
        params: { projectId, cardId },
        body: parentId ? { text, parentId } : { text },
        signal,
      }),
    /** A card's comments (roots and replies), oldest first. */
    listCardComments: (projectId: string, cardId: string, signal?: AbortSignal) =>
      allComments('listCardComments', '/projects/{projectId}/cards/{cardId}/comments', { projectId, cardId }, signal),
    getWikiPage: (projectId: string, pageId: string, signal?: AbortSignal) =>
      request<WikiPage>('getWikiPage', 'GET', '/projects/{projectId}/wiki/{pageId}', {
        params: { projectId, pageId },
        signal,
      }),
    /** A wiki page's comments (roots and replies), oldest first. */
    listWikiComments: (projectId: string, pageId: string, signal?: AbortSignal) =>
      allComments('listWikiComments', '/projects/{projectId}/wiki/{pageId}/comments', { projectId, pageId }, signal),
    /** A reply in a wiki page's thread (`parentId`, its root). */
    replyOnWikiPage: (projectId: string, pageId: string, parentId: string, text: string, signal?: AbortSignal) =>
      request<CardComment>('createWikiComment', 'POST', '/projects/{projectId}/wiki/{pageId}/comments', {
        params: { projectId, pageId },
        body: { text, parentId },
        signal,
      }),
    moveCard: (projectId: string, cardId: string, columnId: string, position: number, signal?: AbortSignal) =>
      request<{ card: Card }>('moveCard', 'PATCH', '/projects/{projectId}/cards/{cardId}/move', {
        params: { projectId, cardId },
        body: { columnId, position },
        signal,
      }),
    search: (q: string, limit = 20, signal?: AbortSignal) =>
      request<{ results: SearchResult[] }>('searchWorkspace', 'GET', '/search', { query: { q, limit }, signal }).then(
        (answer) => answer.results,
      ),
    listMembers: (signal?: AbortSignal) =>
      request<{ members: Member[] }>('listMembers', 'GET', '/company/members', { signal }).then(
        (answer) => answer.members,
      ),
    listCronJobs: (agentId: string, signal?: AbortSignal) =>
      request<CronJob[]>('listCronJobs', 'GET', '/agents/{agentId}/cron-jobs', { params: { agentId }, signal }),
    /** A schedule's runs, newest first (a page of at most 100). */
    listCronRuns: (agentId: string, cronJobId: string, limit = 20, offset = 0, signal?: AbortSignal) =>
      request<CronRun[]>('listCronRuns', 'GET', '/agents/{agentId}/cron-jobs/{cronJobId}/runs', {
        params: { agentId, cronJobId },
        query: { limit, offset },
        signal,
      }),
    /** What came of a run; 409 `RUN_ALREADY_REPORTED` when it was reported already. */
    reportCronRun: (agentId: string, runId: string, report: TaskReport, signal?: AbortSignal) =>
      request<CronRun>('reportCronRun', 'PATCH', '/agents/{agentId}/cron-runs/{runId}', {
        params: { agentId, runId },
        body: report,
        signal,
      }),
    listWebhookEndpoints: (agentId: string, signal?: AbortSignal) =>
      request<WebhookEndpoint[]>('listWebhookEndpoints', 'GET', '/agents/{agentId}/webhook-endpoints', {
        params: { agentId },
        signal,
      }),
    /** An endpoint's deliveries, newest first (a page of at most 100). */
    listWebhookDeliveries: (agentId: string, endpointId: string, limit = 20, offset = 0, signal?: AbortSignal) =>
      request<WebhookDelivery[]>(
        'listWebhookDeliveries',
        'GET',
        '/agents/{agentId}/webhook-endpoints/{endpointId}/deliveries',
        { params: { agentId, endpointId }, query: { limit, offset }, signal },
      ),
    /** What came of a delivery; 409 `RUN_ALREADY_REPORTED` when it was reported already. */
    reportWebhookDelivery: (agentId: string, deliveryId: string, report: TaskReport, signal?: AbortSignal) =>
      request<WebhookDelivery>('reportWebhookDelivery', 'PATCH', '/agents/{agentId}/webhook-deliveries/{deliveryId}', {
        params: { agentId, deliveryId },
        body: report,
        signal,
      }),
  };
}
