import { create } from 'zustand';
import { apiBaseUrl } from './config';
import { clientId } from './client-id';
import { endSession, getToken } from './session';

/** A live event from `GET /notifications/sse` (see the contract for types and payloads). */
export type LiveEvent = { id: string; type: string; data: Record<string, unknown> };
type Handler = (event: LiveEvent) => void;

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';
/** The stream's state, for a "reconnecting" indicator. */
export const useLiveStatus = create<{ status: LiveStatus }>(() => ({ status: 'idle' }));

const handlers = new Map<string, Set<Handler>>();
const resyncHandlers = new Set<() => void>();

/** Calls `handler` for each live event of `type` from other tabs and people. Returns an unsubscribe. */
export function onLiveEvent(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Called when events may have been missed for good (the server could not replay the gap). */
export function onLiveResync(handler: () => void): () => void {
  resyncHandlers.add(handler);
  return () => resyncHandlers.delete(handler);
}

function dispatch(event: LiveEvent) {
  // This tab already applied its own changes from the responses it got.
  if (event.data.clientId === clientId) return;
  for (const handler of handlers.get(event.type) ?? []) handler(event);
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
        const { resumed } = JSON.parse(message.data) as { resumed: boolean };
        if (!resumed) for (const handler of resyncHandlers) handler();
        return;
      }
      if (message.id) lastEventId = message.id;
      try {
        dispatch({ id: message.id ?? '', type: message.event ?? 'message', data: JSON.parse(message.data) });
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
