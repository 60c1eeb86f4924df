import { eq } from 'drizzle-orm';
import type { Principal, Secrets } from '../../types.ts';
import type { Database } from '../../db/client.ts';
import { agents, agentTokens, apiKeys, authSessions, companies, users } from '../../db/schema.ts';
import type { EventBus } from '../../events/bus.ts';
import { ErrorCode, unauthorized } from '../../http/errors.ts';
import { verifyToken } from '../../lib/jwt.ts';
import { AGENT_TOKEN_PATTERN, API_KEY_PATTERN, hashSecret } from '../../lib/secrets.ts';
import { REVOKED_TOPIC } from '../../events/hub.ts';

export const SESSION_AUDIENCE = 'workspace-session';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long a resolved credential is trusted without asking the database again. */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX_ENTRIES = 10_000;
/** `lastUsedAt` of a key is written at most this often, to keep writes off the hot path. */
const TOUCH_INTERVAL_MS = 60_000;
const INVALIDATE_TOPIC = 'auth.invalidate';

/** What a credential change affects; any field that matches evicts the cached entry. */
export type Invalidation = {
  userId?: string;
  sessionId?: string;
  keyId?: string;
  companyId?: string;
  /** An agent token, or every token of an agent (`agentId`). */
  tokenId?: string;
  agentId?: string;
};

type Entry = {
  principal: Principal;
  revokedAt: Date | null;
  cachedAt: number;
  /** Keys only: when `lastUsedAt` was last written. */
  touchedAt?: number;
};

type UserRow = typeof users.$inferSelect;
type CompanyRow = typeof companies.$inferSelect;

function principalUser(user: UserRow): Principal['user'] {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    title: user.title,
    version: user.version,
    companyId: user.companyId,
    role: user.role,
    createdAt: user.createdAt,
  };
}

function principalCompany(company: CompanyRow | null): Principal['company'] {
  return company ? { id: company.id, name: company.name } : null;
}

/**
 * Resolves a bearer token (session JWT or `aik_` key) to a principal.
 *
 * Every request needs this, and a round trip to the embedded database costs about 0.3 ms of the
 * single event-loop thread, so resolved credentials are cached briefly. Correctness does not rest
 * on the TTL: every change to a credential or user calls `invalidate`, which evicts locally at
 * once and on every other instance through the event bus (Postgres NOTIFY).
 */
export class Authenticator {
  private readonly cache = new Map<string, Entry>();
  /**
   * Bumped by every eviction. A lookup that read the database before an invalidation must not
   * cache what it read afterwards, so it re-reads when the generation moved under it.
   */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly secrets: Secrets,
    private readonly bus: EventBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe(INVALIDATE_TOPIC, (payload) => this.evict(payload as Invalidation));
    // Invalidations may have been missed while the bus reconnected: trust nothing cached.
    bus.onGap(() => {
      this.generation++;
      this.cache.clear();
    });
  }

  /** Throws the right 401 for anything but a valid, live credential. */
  async authenticate(header: string | undefined): Promise<Principal> {
    if (!header) throw unauthorized('Missing bearer token: send Authorization: Bearer <token>');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized('Malformed Authorization header: expected Bearer <token>');
    const token = match[1];
    if (token.startsWith('aik_')) return this.fromApiKey(token);
    if (token.startsWith('agt_')) return this.fromAgentToken(token);
    // Content keys are valid on `/content/*` only, which authenticates them itself.
    if (token.startsWith('cak_')) throw unauthorized('Content keys (cak_…) work only on /content/* routes');
    return this.fromSession(token);
  }

  /**
   * Evicts matching cached credentials here and on every other instance. `revoked`: the
   * credentials no longer work at all (sign-out, key revoked, account deleted), so live streams
   * opened with them end too; otherwise only cached details changed (a new display name).
   */
  async invalidate(scope: Invalidation, options: { revoked?: boolean } = { revoked: true }): Promise<void> {
    this.evict(scope);
    await this.bus.publish(INVALIDATE_TOPIC, scope);
    if (options.revoked) await this.bus.publish(REVOKED_TOPIC, scope);
  }

  private evict(scope: Invalidation) {
    this.generation++;
    for (const [key, entry] of this.cache) {
      const { user, credential } = entry.principal;
      if (
        (scope.userId && user.id === scope.userId) ||
        (scope.companyId && user.companyId === scope.companyId) ||
        (scope.sessionId && credential.kind === 'session' && credential.sessionId === scope.sessionId) ||
        (scope.keyId && credential.kind === 'api_key' && credential.keyId === scope.keyId) ||
        (scope.tokenId && credential.kind === 'agent_token' && credential.tokenId === scope.tokenId) ||
        (scope.agentId && credential.kind === 'agent_token' && credential.agentId === scope.agentId)
      ) {
        this.cache.delete(key);
      }
    }
  }

  private cached(key: string): Entry | undefined {
    const entry = this.cache.get(key);
    if (entry && this.now() - entry.cachedAt < CACHE_TTL_MS) return entry;
    if (entry) this.cache.delete(key);
    return undefined;
  }

  /**
   * Runs a database lookup whose result will be cached, again if an invalidation happened while
   * it ran (the row it read may predate the change).
   */
  private async fresh<T>(lookup: () => Promise<T>): Promise<{ value: T; current: boolean }> {
    for (let attempt = 0; ; attempt++) {
      const generation = this.generation;
      const value = await lookup();
      if (generation === this.generation) return { value, current: true };
      // Under a storm of invalidations, answer from a fresh read without caching it.
      if (attempt === 2) return { value: await lookup(), current: false };
    }
  }

  private remember(key: string, entry: Entry, current: boolean) {
    if (!current) return;
    if (this.cache.size >= CACHE_MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, entry);
  }

  private async fromApiKey(secret: string): Promise<Principal> {
    if (!API_KEY_PATTERN.test(secret)) throw unauthorized('Invalid API key');
    const hash = hashSecret(secret);
    const cacheKey = `k:${hash}`;
    let entry = this.cached(cacheKey);
    if (!entry) {
      const { value: rows, current } = await this.fresh(() =>
        this.db
          .select({ key: apiKeys, user: users, company: companies })
          .from(apiKeys)
          .innerJoin(users, eq(users.id, apiKeys.userId))
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(eq(apiKeys.secretHash, hash))
          .limit(1),
      );
      const row = rows[0];
      if (!row) throw unauthorized('Invalid API key');
      entry = {
        principal: {
          user: principalUser(row.user),
          company: principalCompany(row.company),
          credential: {
            kind: 'api_key',
            keyId: row.key.id,
            name: row.key.name,
            scope: row.key.scope,
            expiresAt: row.key.expiresAt,
          },
        },
        revokedAt: row.key.revokedAt,
        cachedAt: this.now(),
        touchedAt: row.key.lastUsedAt?.getTime() ?? 0,
      };
      this.remember(cacheKey, entry, current);
    }
    const credential = entry.principal.credential as Extract<Principal['credential'], { kind: 'api_key' }>;
    if (entry.revokedAt) throw unauthorized('This API key was revoked', ErrorCode.apiKeyRevoked);
    if (credential.expiresAt && credential.expiresAt.getTime() <= this.now()) {
      throw unauthorized('This API key has expired', ErrorCode.apiKeyExpired);
    }
    if (this.now() - (entry.touchedAt ?? 0) >= TOUCH_INTERVAL_MS) {
      entry.touchedAt = this.now();
      await this.db
        .update(apiKeys)
        .set({ lastUsedAt: new Date(entry.touchedAt) })
        .where(eq(apiKeys.id, credential.keyId));
    }
    return entry.principal;
  }

  /**
   * An agent token: the caller is the agent (see `Principal`). Its `lastUsedAt` is the agent's
   * "last active", written at most once a minute like a key's.
   */
  private async fromAgentToken(secret: string): Promise<Principal> {
    if (!AGENT_TOKEN_PATTERN.test(secret)) throw unauthorized('Invalid agent token');
    const hash = hashSecret(secret);
    const cacheKey = `t:${hash}`;
    let entry = this.cached(cacheKey);
    if (!entry) {
      const { value: rows, current } = await this.fresh(() =>
        this.db
          .select({ token: agentTokens, agent: agents, company: companies })
          .from(agentTokens)
          .innerJoin(agents, eq(agents.id, agentTokens.agentId))
          .innerJoin(companies, eq(companies.id, agents.companyId))
          .where(eq(agentTokens.secretHash, hash))
          .limit(1),
      );
      const row = rows[0];
      if (!row) throw unauthorized('Invalid agent token');
      entry = {
        principal: {
          user: {
            id: row.agent.id,
            email: '',
            name: row.agent.name,
            title: row.agent.role,
            version: row.agent.version,
            companyId: row.agent.companyId,
            role: null,
            createdAt: row.agent.createdAt,
          },
          company: principalCompany(row.company),
          credential: {
            kind: 'agent_token',
            tokenId: row.token.id,
            agentId: row.agent.id,
            expiresAt: row.token.expiresAt,
          },
          agent: { id: row.agent.id, name: row.agent.name, teamId: row.agent.teamId, status: row.agent.status },
        },
        revokedAt: row.token.revokedAt,
        cachedAt: this.now(),
        touchedAt: row.token.lastUsedAt?.getTime() ?? 0,
      };
      this.remember(cacheKey, entry, current);
    }
    const credential = entry.principal.credential as Extract<Principal['credential'], { kind: 'agent_token' }>;
    if (entry.revokedAt) throw unauthorized('This agent token was revoked', ErrorCode.agentTokenRevoked);
    if (credential.expiresAt && credential.expiresAt.getTime() <= this.now()) {
      throw unauthorized('This agent token has expired', ErrorCode.agentTokenExpired);
    }
    if (this.now() - (entry.touchedAt ?? 0) >= TOUCH_INTERVAL_MS) {
      entry.touchedAt = this.now();
      await this.db
        .update(agentTokens)
        .set({ lastUsedAt: new Date(entry.touchedAt) })
        .where(eq(agentTokens.id, credential.tokenId));
    }
    return entry.principal;
  }

  private async fromSession(token: string): Promise<Principal> {
    const verified = verifyToken(token, this.secrets.session, SESSION_AUDIENCE, this.now() / 1000);
    if (!verified.ok) {
      throw verified.reason === 'expired'
        ? unauthorized('Your session has expired; sign in again', ErrorCode.sessionExpired)
        : unauthorized('Invalid session token');
    }
    const sessionId = verified.claims.jti;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) throw unauthorized('Invalid session token');
    const cacheKey = `s:${sessionId}`;
    let entry = this.cached(cacheKey);
    if (!entry) {
      const { value: rows, current } = await this.fresh(() =>
        this.db
          .select({ session: authSessions, user: users, company: companies })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .leftJoin(companies, eq(companies.id, users.companyId))
          .where(eq(authSessions.id, sessionId))
          .limit(1),
      );
      const row = rows[0];
      // No row: the session or its user is gone (account deleted).
      if (!row || row.user.id !== verified.claims.sub) throw unauthorized('Invalid session token');
      entry = {
        principal: {
          user: principalUser(row.user),
          company: principalCompany(row.company),
          credential: { kind: 'session', sessionId, expiresAt: row.session.expiresAt },
        },
        revokedAt: row.session.revokedAt,
        cachedAt: this.now(),
      };
      this.remember(cacheKey, entry, current);
    }
    if (entry.revokedAt) throw unauthorized('You were signed out: this session was revoked', ErrorCode.sessionRevoked);
    return entry.principal;
  }
}
