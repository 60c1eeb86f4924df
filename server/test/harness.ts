/**
 * API test harness: the real app in process (`app.request`) on one database per test worker.
 * Each test file calls `useTestApp()`, which resets the data before the file runs.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { createApp } from '../app.ts';
import { holdToContract } from './contract-check.ts';
import { createContext } from '../bootstrap.ts';
import type { AppConfig, AppContext, Secrets } from '../context.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { companies, users } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { DEFAULT_FILES_CONFIG } from '../modules/files/index.ts';
import { type FileStorage, LocalDiskStorage } from '../modules/files/storage/index.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { openCreditAccount } from '../modules/credits/index.ts';

export const TEST_PASSWORD = 'correct horse battery staple';

/** Limits high enough that tests never hit them by accident; rate-limit tests set their own. */
export const relaxedLimits: AppConfig['rateLimits'] = {
  userPerMinute: 1_000_000,
  publicGetPerMinute: 1_000_000,
  sensitivePostPer15Minutes: 1_000_000,
  authFailuresPerMinute: 1_000_000,
  signInFailuresPer15Minutes: 1_000_000,
  signInFailuresPerAccountPer15Minutes: 1_000_000,
  webhookDeliveriesPerMinute: 1_000_000,
  contentKeyPerMinute: 1_000_000,
};

let database: Promise<DatabaseHandle> | undefined;
/** The worker's own Postgres database (the Postgres lane), once created. */
let workerUrl: string | undefined;

/** `DATABASE_URL` (the Postgres lane) gets a database per worker; otherwise in-memory PGlite. */
async function openWorkerDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  const name = `workspace_test_${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  workerUrl = url.toString();
  const handle = await openDatabase({ databaseUrl: workerUrl, poolSize: 4 });
  await handle.migrate();
  return handle;
}

export function workerDatabase(): Promise<DatabaseHandle> {
  database ??= openWorkerDatabase();
  return database;
}

/**
 * The database as a second server instance would open it: on Postgres, its own connection pool
 * on the worker's database; on the embedded database, the same handle (one process owns it).
 * `close` closes only what this opened.
 */
export async function openAnotherHandle(): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  const handle = await workerDatabase();
  if (!workerUrl) return { handle, close: async () => {} };
  const another = await openDatabase({ databaseUrl: workerUrl, poolSize: 4 });
  return { handle: another, close: () => another.close() };
}

/** Empties every table, so each test file starts from nothing. */
export async function resetDatabase(handle: DatabaseHandle) {
  const result = await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = rows<{ tablename: string }>(result).map((row) => `"${row.tablename}"`);
  if (tables.length > 0) await handle.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} CASCADE`));
}

let passwordHash: Promise<string> | undefined;
const sharedPasswordHash = () => (passwordHash ??= hashPassword(TEST_PASSWORD));

export type TestOptions = {
  config?: Partial<AppConfig>;
  logger?: Logger;
  clock?: () => number;
  /** Where file bytes go; by default the local disk in the worker's temporary directory. */
  storage?: (secrets: Secrets) => FileStorage | Promise<FileStorage>;
};

/** The worker's file storage directory (local-disk backend), shared by its test files, removed at exit. */
export const testStorageRoot = join(tmpdir(), `workspace-files-${process.pid}-${process.env.VITEST_POOL_ID ?? '0'}`);
process.once('exit', () => rmSync(testStorageRoot, { recursive: true, force: true }));
/** The default storage of test apps (and of contexts tests build themselves): local disk in `testStorageRoot`. */
export const testStorage = (secrets: Secrets): FileStorage =>
  new LocalDiskStorage({ root: testStorageRoot, secret: secrets.storage });

export async function buildTestApp(options: TestOptions = {}) {
  const handle = await workerDatabase();
  const ctx = await createContext({
    handle,
    logger: options.logger ?? createLogger('silent'),
    clock: options.clock,
    storage: options.storage ?? testStorage,
    config: {
      sessionTtlSeconds: 3600,
      rateLimits: relaxedLimits,
      trustProxy: false,
      sseHeartbeatMs: 10_000,
      files: DEFAULT_FILES_CONFIG,
      ...options.config,
    },
  });
  return { app: holdToContract(createApp(ctx)), ctx, handle };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>> & ReturnType<typeof helpers>;

/** Resets the database before the file and builds a fresh app (new caches and limiters). */
export function useTestApp(options: TestOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    await resetDatabase(await workerDatabase());
    const built = await buildTestApp(options);
    Object.assign(holder, built, helpers(built));
  });
  afterAll(async () => {
    holder.ctx?.hub.close();
    await holder.ctx?.bus.close();
  });
  return holder;
}

export type CallOptions = {
  token?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  ip?: string;
};
export type CallResult = { status: number; body: any; headers: Headers };

function helpers({ app, ctx }: { app: ReturnType<typeof createApp>; ctx: AppContext }) {
  let counter = 0;
  const unique = (label: string) => `${label}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

  /** Calls the API in process as if from `ip`. */
  async function call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await app.request(`/api${path}`, { method, headers, body }, {
      incoming: { socket: { remoteAddress: options.ip ?? '203.0.113.7' } },
    } as never);
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      // A stream never ends by itself; tests that read streams use openStream().
      await response.body?.cancel();
      return { status: response.status, body: undefined, headers: response.headers };
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: tests assert on that themselves.
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  async function createCompany(name = unique('Company')) {
    return ctx.db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values({ name }).returning();
      await openCreditAccount(tx, company!.id);
      return company!;
    });
  }

  type NewUser = { company?: { id: string } | null; role?: 'admin' | 'member'; name?: string; email?: string };
  async function createUser({ company = null, role = 'member', name, email }: NewUser = {}) {
    const [user] = await ctx.db
      .insert(users)
      .values({
        email: email ?? `${unique('user')}@test.example`,
        name: name ?? unique('User'),
        passwordHash: await sharedPasswordHash(),
        companyId: company?.id ?? null,
        role: company ? role : null,
        joinedCompanyAt: company ? new Date() : null,
      })
      .returning();
    return user!;
  }

  async function signIn(email: string, password = TEST_PASSWORD): Promise<string> {
    const response = await call('POST', '/auth/login', { body: { email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.token as string;
  }

  /** A company with a signed-in admin and member. */
  async function createOrg() {
    const company = await createCompany();
    const admin = await createUser({ company, role: 'admin' });
    const member = await createUser({ company, role: 'member' });
    return { company, admin, member, adminToken: await signIn(admin.email), memberToken: await signIn(member.email) };
  }

  async function createKey(token: string, scope: 'read' | 'write', expiresInDays: 30 | 90 | 365 | null = null) {
    const response = await call('POST', '/users/api-keys', {
      token,
      body: { name: unique('key'), scope, expiresInDays },
    });
    if (response.status !== 201)
      throw new Error(`key creation failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as { id: string; secret: string; expiresAt: string | null };
  }

  type Board = { id: string; columns: { id: string; name: string; cards: { id: string; title: string }[] }[] };

  /** A project with the given columns, each holding `cardsPerColumn` cards titled "<column> n". */
  async function createBoard(token: string, columns = ['To do', 'Doing', 'Done'], cardsPerColumn = 0): Promise<Board> {
    const project = await call('POST', '/projects', { token, body: { name: unique('Project'), columns } });
    if (project.status !== 201) throw new Error(`project creation failed: ${JSON.stringify(project.body)}`);
    let board = (await call('GET', `/projects/${project.body.id}`, { token })).body as Board;
    for (const column of board.columns) {
      for (let n = 1; n <= cardsPerColumn; n++) {
        const created = await call('POST', `/projects/${board.id}/cards`, {
          token,
          body: { columnId: column.id, title: `${column.name} ${n}` },
        });
        if (created.status !== 201) throw new Error(`card creation failed: ${JSON.stringify(created.body)}`);
      }
    }
    board = (await call('GET', `/projects/${project.body.id}`, { token })).body as Board;
    return board;
  }

  /** Ids of the live cards of each column, in order, as the board reports them. */
  async function boardOrder(token: string, projectId: string): Promise<Record<string, string[]>> {
    const board = (await call('GET', `/projects/${projectId}`, { token })).body as Board;
    return Object.fromEntries(board.columns.map((column) => [column.id, column.cards.map((card) => card.id)]));
  }

  /**
   * Opens the event stream (`path`: `/notifications/sse` unless told, e.g. an agent's events) as
   * `token` and collects events; `next(type)` waits for the next event of that type. `close()` ends
   * the stream.
   */
  async function openStream(token: string, headers: Record<string, string> = {}, path = '/notifications/sse') {
    const controller = new AbortController();
    const response = await app.request(
      `/api${path}`,
      {
        headers: { authorization: `Bearer ${token}`, ...headers },
        signal: controller.signal,
      },
      { incoming: { socket: { remoteAddress: '203.0.113.8' } } } as never,
    );
    type Received = { id?: string; event: string; data: any };
    const received: Received[] = [];
    const comments: string[] = [];
    const waiters: (() => void)[] = [];
    let ended = false;
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let split: number;
          while ((split = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, split);
            buffer = buffer.slice(split + 2);
            if (block.startsWith(':')) {
              comments.push(block);
              continue;
            }
            const event: Received = { event: 'message', data: undefined };
            for (const line of block.split('\n')) {
              const [field, ...rest] = line.split(': ');
              const value = rest.join(': ');
              if (field === 'id') event.id = value;
              if (field === 'event') event.event = value;
              if (field === 'data') event.data = JSON.parse(value);
            }
            received.push(event);
          }
          waiters.splice(0).forEach((wake) => wake());
        }
      } catch {
        // aborted
      }
      ended = true;
      waiters.splice(0).forEach((wake) => wake());
    })();
    let cursor = 0;
    async function next(type: string, timeoutMs = 5000): Promise<Received> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = received.findIndex((event, i) => i >= cursor && event.event === type);
        if (index >= 0) {
          cursor = index + 1;
          return received[index]!;
        }
        if (ended) throw new Error(`stream ended before ${type}`);
        if (Date.now() > deadline)
          throw new Error(`no ${type} within ${timeoutMs} ms; got ${received.map((e) => e.event).join(', ')}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    }
    return {
      status: response.status,
      headers: response.headers,
      received,
      comments,
      next,
      get ended() {
        return ended;
      },
      /** Ends the stream as a client would: the server sees the connection go. */
      close: async () => {
        controller.abort();
        await reader.cancel().catch(() => undefined);
      },
    };
  }

  return { call, unique, createCompany, createUser, signIn, createOrg, createKey, createBoard, boardOrder, openStream };
}
