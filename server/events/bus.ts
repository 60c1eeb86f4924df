import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

type Handler = (payload: unknown) => void;

/**
 * Publish/subscribe between the parts of the server, across instances. With Postgres every
 * message goes through NOTIFY on one channel and comes back to every instance (this one
 * included) through LISTEN; with the embedded database there is one process, so delivery is
 * local. Either way subscribers see each message once, asynchronously.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: Handler): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'workspace_bus';
type Envelope = { topic: string; payload: unknown };

export async function createEventBus(handle: DatabaseHandle, logger: Logger): Promise<EventBus> {
  const handlers = new Map<string, Set<Handler>>();

  const dispatch = (topic: string, payload: unknown) => {
    for (const handler of handlers.get(topic) ?? []) {
      try {
        handler(payload);
      } catch (error) {
        logger.error('event handler failed', { topic, error: String(error) });
      }
    }
  };

  let stopListening: (() => Promise<void>) | undefined;
  if (handle.listen) {
    stopListening = await handle.listen(CHANNEL, (raw) => {
      try {
        const message = JSON.parse(raw) as Envelope;
        dispatch(message.topic, message.payload);
      } catch (error) {
        logger.warn('ignored malformed bus message', { error: String(error) });
      }
    });
  }

  return {
    async publish(topic, payload) {
      if (!stopListening) {
        queueMicrotask(() => dispatch(topic, payload));
        return;
      }
      const message: Envelope = { topic, payload };
      await handle.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(message)})`);
    },
    subscribe(topic, handler) {
      let set = handlers.get(topic);
      if (!set) handlers.set(topic, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    async close() {
      handlers.clear();
      await stopListening?.();
    },
  };
}
