import { create } from 'zustand';
import { apiBaseUrl } from './config';
import { clientId } from './client-id';
import type { components } from './generated/schema';
import { endSession, getToken } from './session';

type Schemas = components['schemas'];
/** The contract's union of live events: `{ id, event, data }`, one member per event type. */
type AnyLiveEvent = Schemas['LiveEvent'];
/** The type of a live event: `card.moved`, `comment.created`, … (the contract's catalog). */
export type LiveEventType = AnyLiveEvent['event'];
/** Each event type's data, from the contract: `LivePayloads['card.moved']` is `{ projectId, card, columns, … }`. */
export type LivePayloads = { [E in AnyLiveEvent as E['event']]: E['data'] };
/** A live event from `GET /notifications/sse`: its id, its type (`event`) and its typed data. */
export type LiveEvent<T extends LiveEventType = LiveEventType> = { id: string; event: T; data: LivePayloads[T] };
type Handler = (event: LiveEvent) => void;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';
/** The stream's state, for a "reconnecting" indicator. */
export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

const handlers = new Map<string, Set<Handler>>();
const resyncHandlers = new Set<() => void>();

/**
 * Calls `handler` for each live event of `type` from other tabs and people, with the data the
 * contract gives that type. Returns an unsubscribe.
 */
export function onLiveEvent<T extends LiveEventType>(type: T, handler: (event: LiveEvent<T>) => void): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  // Dispatch hands each handler only the events of its type.
  const registered = handler as Handler;
  set.add(registered);
  return () => set.delete(registered);
}

/** Called when events may have been missed for good (the server could not replay the gap). */
export function onLiveResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => resyncHandlers.delete(handler);
}

function dispatch(event: LiveEvent) {
  // This tab already applied its own changes from the responses it got.
  if (event.data.clientId === clientId) return;
  for (const handler of handlers.get(event.event) ?? []) handler(event);
}

let controller: AbortController | null = null;
let lastEventId: string | undefined;

/**
 * Opens the tab's one live connection (fetch-based, since EventSource cannot send the Bearer
 * header), resuming after the last event seen; reconnects with backoff until `stopLive`. It stays
 * open while the tab is hidden, so nothing needs replaying when it comes back.
 */
export function startLive() {
  if (controller) return;
  const current = new AbortController();
  controller = current;
  void run(current.signal);
}

export function stopLive() {
  controller?.abort();
  controller = null;
  lastEventId = undefined;
  useLiveStatus.setState({ status: 'idle' });
}

async function run(signal: AbortSignal) {
  let attempt = 0;
  while (!signal.aborted) {
    const token = getToken();
    if (!token) return;
    useLiveStatus.setState({ status: attempt === 0 ? 'connecting' : 'reconnecting' });
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      const response = await fetch(`${apiBaseUrl}/notifications/sse`, { headers, signal });
      if (response.status === 401) {
        const body = (await response.json().catch(() => null)) as { code?: string } | null;
        if (getToken() === token)
          endSession(
            body?.code === 'SESSION_REVOKED' ? 'revoked' : body?.code === 'SESSION_EXPIRED' ? 'expired' : 'invalid',
          );
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      await read(response.body, signal, () => {
        attempt = 0;
        useLiveStatus.setState({ status: 'open' });
      });
    } catch {
      if (signal.aborted) return;
    }
    if (signal.aborted) return;
    useLiveStatus.setState({ status: 'reconnecting' });
    // 1 s, 2 s, 4 s … up to 30 s, with jitter so many tabs do not reconnect in step.
    const delay = Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() * 0.5);
    attempt++;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function read(body: ReadableStream<Uint8Array>, signal: AbortSignal, onReady: () => void) {
  // Loaded with the first connection, after the page has rendered: off the first-load bundle.
  const { createParser } = await import('eventsource-parser');
  const parser = createParser({
    onEvent(message) {
      if (message.event === 'ready') {
        onReady();
        const { resumed } = JSON.parse(message.data) as Schemas['LiveReadyData'];
        if (!resumed) for (const handler of resyncHandlers) handler();
        return;
      }
      if (message.id) lastEventId = message.id;
      try {
        // The server sends what the contract describes (its tests check every type against it); an
        // event type this client does not know has no handlers.
        const data = JSON.parse(message.data) as LiveEvent['data'];
        dispatch({ id: message.id ?? '', event: (message.event ?? 'message') as LiveEventType, data });
      } catch {
        // A malformed event is skipped; the next one still arrives.
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    parser.feed(decoder.decode(value, { stream: true }));
  }
}
