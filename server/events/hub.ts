import { and, asc, desc, eq, gt, lte, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { events } from '../db/schema.ts';
import type { Logger } from '../lib/logger.ts';
import type { EventBus } from './bus.ts';
import { EVENTS_TOPIC, type EventNotice } from './record.ts';

/**
 * An event as streams send it; `json` is its data, already serialised. `audienceUserId` /
 * `audienceAgentId`: the one person or agent it is for (see `Audience` in record.ts).
 */
export type StreamEvent = {
  id: number;
  type: string;
  json: string;
  audienceUserId: string | null;
  audienceAgentId: string | null;
};

export type Subscriber = {
  companyId: string;
  userId: string;
  sessionId?: string;
  keyId?: string;
  tokenId?: string;
  /**
   * Set on an agent's event stream (`GET /agents/{agentId}/events`): it receives the events for
   * that agent and nothing else. Unset: a member's stream, which receives the company's events
   * and those for that member.
   */
  agentId?: string;
  send(event: StreamEvent): void;
  /** Ends the stream (the credential behind it was revoked). */
  close(): void;
};

/** How far back a reconnecting client may resume; older gaps get `ready` with `resumed: false` (a resync). */
const REPLAY_LIMIT = 1000;
/**
 * Events are kept this long: for resumption (which replays at most REPLAY_LIMIT of them) and as
 * the history of a person's recent activity on Home and of an agent's on its page
 * (server/modules/activity).
 */
export const RETENTION_MS = 14 * 24 * 3600_000;
/**
 * How far behind the newest delivered id a pull looks again: on Postgres, ids are taken when a
 * transaction inserts but become visible when it commits, so a lower id can appear after a higher.
 */
const LOOKBACK = 100;

/** Published when credentials stop being valid (sign-out, key revoked, account deleted). */
export const REVOKED_TOPIC = 'auth.revoked';

type CompanyState = {
  subscribers: Set<Subscriber>;
  /** Subscriptions queued but not yet added: the state must outlive them. */
  joining: number;
  delivered: number;
  recent: Set<number>;
  pulling: Promise<void>;
};

/**
 * Fans recorded events out to the open streams of this server instance. Each instance hears of
 * new events through the bus (LISTEN/NOTIFY), reads them from the events table in id order and
 * sends them to the streams of the event's company, so streams on every instance see every event.
 */
export class EventHub {
  private readonly companies = new Map<string, CompanyState>();
  private readonly pruneTimer: ReturnType<typeof setInterval>;

  constructor(
    private readonly db: Database,
    bus: EventBus,
    private readonly logger: Logger,
  ) {
    bus.subscribe(EVENTS_TOPIC, (payload) => this.schedulePull((payload as EventNotice).companyId));
    bus.subscribe(REVOKED_TOPIC, (payload) => this.closeRevoked(payload as Record<string, string | undefined>));
    bus.onGap(() => {
      for (const companyId of this.companies.keys()) this.schedulePull(companyId);
    });
    this.pruneTimer = setInterval(() => void this.prune(), 10 * 60_000);
    this.pruneTimer.unref();
  }

  /**
   * Adds a stream. With `lastEventId`, first replays what it missed; answers `resumed: false`
   * when that is too far back to replay, and the client should reload its data instead. Runs in
   * the company's queue, so no event is both replayed and delivered, or neither.
   */
  subscribe(subscriber: Subscriber, lastEventId?: number): Promise<{ resumed: boolean }> {
    const joined = this.stateOf(subscriber.companyId);
    joined.joining++;
    const run = this.enqueue(subscriber.companyId, async (state) => {
      let resumed = true;
      if (lastEventId !== undefined) {
        const [oldest] = await this.db
          .select({ id: min(events.id) })
          .from(events)
          .where(eq(events.companyId, subscriber.companyId));
        const missed = await this.db
          .select()
          .from(events)
          .where(
            and(
              eq(events.companyId, subscriber.companyId),
              gt(events.id, lastEventId),
              lte(events.id, state.delivered),
            ),
          )
          .orderBy(asc(events.id))
          .limit(REPLAY_LIMIT + 1);
        const pruned = oldest?.id != null && oldest.id > lastEventId + 1;
        if (pruned || missed.length > REPLAY_LIMIT) resumed = false;
        else for (const row of missed) deliver(subscriber, toStreamEvent(row));
      }
      state.subscribers.add(subscriber);
      return { resumed };
    });
    void run
      .finally(() => {
        joined.joining--;
        // A subscription that failed may have been the only reason the state was kept.
        this.dropIfIdle(subscriber.companyId, joined);
      })
      .catch(() => undefined);
    return run;
  }

  /**
   * Removes a stream. The company's cursor goes with its last stream: with nobody listening it
   * would stop advancing, and a later stream would be replayed stale events as new.
   */
  unsubscribe(subscriber: Subscriber) {
    const state = this.companies.get(subscriber.companyId);
    if (!state?.subscribers.delete(subscriber)) return;
    this.dropIfIdle(subscriber.companyId, state);
  }

  /** Forgets a company's state (its cursor) once it has no streams and none is joining. */
  private dropIfIdle(companyId: string, state: CompanyState) {
    if (state.subscribers.size > 0 || state.joining > 0 || this.companies.get(companyId) !== state) return;
    void this.enqueue(companyId, async (current) => {
      const idle = current.subscribers.size === 0 && current.joining === 0;
      if (idle && this.companies.get(companyId) === current) this.companies.delete(companyId);
    }).catch(() => undefined);
  }

  /** Streams open on this instance. */
  get size(): number {
    let total = 0;
    for (const state of this.companies.values()) total += state.subscribers.size;
    return total;
  }

  close() {
    clearInterval(this.pruneTimer);
    for (const state of this.companies.values()) for (const subscriber of state.subscribers) subscriber.close();
    this.companies.clear();
  }

  /**
   * Runs `work` after everything queued before it for the company: pulls and subscriptions are
   * serialised per company, so events go out once each and in order. The company's cursor starts
   * at its newest event the first time.
   */
  private stateOf(companyId: string): CompanyState {
    let state = this.companies.get(companyId);
    if (!state) {
      state = { subscribers: new Set(), joining: 0, delivered: -1, recent: new Set(), pulling: Promise.resolve() };
      this.companies.set(companyId, state);
    }
    return state;
  }

  private enqueue<T>(companyId: string, work: (state: CompanyState) => Promise<T>): Promise<T> {
    const current = this.stateOf(companyId);
    const run = current.pulling.then(async () => {
      if (current.delivered < 0) {
        const latest = await this.db
          .select({ id: events.id })
          .from(events)
          .where(eq(events.companyId, companyId))
          .orderBy(desc(events.id))
          .limit(LOOKBACK);
        current.delivered = latest[0]?.id ?? 0;
        for (const row of latest) current.recent.add(row.id);
      }
      return work(current);
    });
    current.pulling = run.then(
      () => undefined,
      (error: unknown) => this.logger.error('event stream work failed', { companyId, error: String(error) }),
    );
    return run;
  }

  private schedulePull(companyId: string) {
    const state = this.companies.get(companyId);
    if (!state || state.subscribers.size === 0) return;
    void this.enqueue(companyId, (current) => this.pull(companyId, current)).catch(() => undefined);
  }

  private async pull(companyId: string, state: CompanyState) {
    // The look-back window minus what was already sent: only new events' payloads are read.
    const sent = [...state.recent];
    const rows = await this.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.companyId, companyId),
          gt(events.id, Math.max(0, state.delivered - LOOKBACK)),
          sent.length > 0 ? sql`${events.id} <> all(${sql.param(sent)}::bigint[])` : undefined,
        ),
      )
      .orderBy(asc(events.id))
      .limit(REPLAY_LIMIT);
    for (const row of rows) {
      if (state.recent.has(row.id)) continue;
      state.recent.add(row.id);
      state.delivered = Math.max(state.delivered, row.id);
      const event = toStreamEvent(row);
      for (const subscriber of state.subscribers) deliver(subscriber, event);
    }
    // Remember only the ids the look-back can still see.
    for (const id of state.recent) if (id <= state.delivered - LOOKBACK) state.recent.delete(id);
  }

  private closeRevoked(scope: Record<string, string | undefined>) {
    for (const state of this.companies.values()) {
      for (const subscriber of state.subscribers) {
        if (
          (scope.userId && subscriber.userId === scope.userId) ||
          (scope.sessionId && subscriber.sessionId === scope.sessionId) ||
          (scope.keyId && subscriber.keyId === scope.keyId) ||
          (scope.tokenId && subscriber.tokenId === scope.tokenId) ||
          (scope.companyId && subscriber.companyId === scope.companyId)
        ) {
          subscriber.close();
          this.unsubscribe(subscriber);
        }
      }
    }
  }

  private async prune() {
    try {
      await pruneEvents(this.db, new Date(Date.now() - RETENTION_MS));
    } catch (error) {
      this.logger.warn('pruning old events failed', { error: String(error) });
    }
  }
}

/**
 * Deletes the events recorded before `before`. Ids grow with time, so those are the events below
 * the first id recorded since, found by walking the primary key from its oldest end: a pass reads
 * what it deletes and one row more. (A filter on `created_at` would read all two weeks of events
 * on every pass, holding the embedded database's one thread for a good part of a second.)
 */
export async function pruneEvents(db: Database, before: Date): Promise<void> {
  await db.execute(sql`
    delete from ${events} where id < coalesce(
      (select id from ${events} where created_at >= ${before} order by id limit 1),
      (select max(id) + 1 from ${events}))`);
}

function toStreamEvent(row: typeof events.$inferSelect): StreamEvent {
  return {
    id: row.id,
    type: row.type,
    json: row.payload,
    audienceUserId: row.audienceUserId,
    audienceAgentId: row.audienceAgentId,
  };
}

/** Whether a stream may receive an event: an agent's stream only its own, a member's the rest. */
export function isFor(subscriber: Pick<Subscriber, 'userId' | 'agentId'>, event: StreamEvent): boolean {
  if (subscriber.agentId !== undefined) return event.audienceAgentId === subscriber.agentId;
  if (event.audienceAgentId !== null) return false;
  return event.audienceUserId === null || event.audienceUserId === subscriber.userId;
}

function deliver(subscriber: Subscriber, event: StreamEvent) {
  if (isFor(subscriber, event)) subscriber.send(event);
}
