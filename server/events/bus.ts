import { type SQL, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

type Handler = (payload: unknown) => void;

/**
 * Publish/subscribe between the parts of the server and across server instances, over Postgres
 * NOTIFY/LISTEN on one channel (PGlite implements the same within its process). Every instance on
 * the database, this one included, receives each message once, asynchronously. A message
 * published inside a transaction is delivered only if and when it commits.
 */
export interface EventBus {
  /** `executor`: the transaction the message belongs to, if any. Payloads stay under ~7 kB. */
  publish(topic: string, payload: unknown, executor?: Executor): Promise<void>;
  subscribe(topic: string, handler: Handler): () => void;
  /** Called when messages may have been missed (the listener reconnected): drop caches, re-read. */
  onGap(handler: () => void): () => void;
  close(): Promise<void>;
}

/** The Postgres NOTIFY channel the bus carries every topic on. */
export const BUS_CHANNEL = 'workspace_bus';
type Envelope = { topic: string; payload: unknown };

/**
 * A `pg_notify` call publishing `payload` (an SQL expression of type json) on `topic`, for
 * statements that publish as they write, in one round trip. Same message as `publish`.
 */
export function notifySql(topic: string, payload: SQL): SQL {
  return sql`pg_notify(${BUS_CHANNEL}, json_build_object('topic', ${topic}::text, 'payload', ${payload})::text)`;
}

export async function createEventBus(handle: DatabaseHandle, logger: Logger): Promise<EventBus> {
  const handlers = new Map<string, Set<Handler>>();
  const gapHandlers = new Set<() => void>();

  const stopListening = await handle.listen(
    BUS_CHANNEL,
    (raw) => {
      let message: Envelope;
      try {
        message = JSON.parse(raw) as Envelope;
      } catch (error) {
        logger.warn('ignored malformed bus message', { error: String(error) });
        return;
      }
      for (const handler of handlers.get(message.topic) ?? []) {
        try {
          handler(message.payload);
        } catch (error) {
          logger.error('bus handler failed', { topic: message.topic, error: String(error) });
        }
      }
    },
    () => {
      logger.warn('event bus listener reconnected; caches are dropped');
      for (const handler of gapHandlers) handler();
    },
  );

  return {
    async publish(topic, payload, executor = handle.db) {
      const message: Envelope = { topic, payload };
      await executor.execute(sql`select pg_notify(${BUS_CHANNEL}, ${JSON.stringify(message)})`);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    onGap(handler) {
      gapHandlers.add(handler);
      return () => gapHandlers.delete(handler);
    },
    async close() {
      handlers.clear();
      gapHandlers.clear();
      await stopListening();
    },
  };
}
