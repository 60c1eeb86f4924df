import createClient, { type Middleware } from 'openapi-fetch';
import { clientId, randomId } from './client-id';
import { apiBaseUrl } from './config';
import { ApiError, networkError, toApiError } from './errors';
import type { paths } from './generated/schema';
import { endSession, getToken } from './session';

/**
 * Every JSON POST carries an `Idempotency-Key`. Those of POSTs that got no answer (the connection
 * dropped), by request: the same request sent again from this tab (a retry, a second click after
 * "Cannot reach the server") carries the same key, so the server answers with what the first one
 * created instead of creating it twice. Any answer ends the entry: a request sent after one is a
 * new one, and two sent at once are two.
 */
const unanswered = new Map<string, string>();
const UNANSWERED_MAX = 50;

/** What makes two POSTs the same request, read before it is sent (its body is gone after). */
const signatures = new WeakMap<Request, string>();

async function requestSignature(request: Request): Promise<string | null> {
  if (request.method !== 'POST' || !request.headers.get('content-type')?.startsWith('application/json')) return null;
  const signature = `${request.url}\n${await request.clone().text()}`;
  signatures.set(request, signature);
  return signature;
}

/** Sends the session token and ends the session when the server no longer accepts it. */
const authMiddleware: Middleware = {
  async onRequest({ request }) {
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('X-Client-Id', clientId);
    const signature = await requestSignature(request);
    if (signature && !request.headers.has('Idempotency-Key'))
      request.headers.set('Idempotency-Key', unanswered.get(signature) ?? randomId());
    return request;
  },
  async onError({ request }) {
    // No answer came (the connection dropped): the same request sent again is this one again.
    const signature = signatures.get(request);
    const key = request.headers.get('Idempotency-Key');
    if (!signature || !key) return;
    unanswered.set(signature, key);
    if (unanswered.size > UNANSWERED_MAX) unanswered.delete(unanswered.keys().next().value!);
  },
  async onResponse({ request, response }) {
    const signature = signatures.get(request);
    if (signature) unanswered.delete(signature);
    // Only the session this request carried is over: a late 401 for a token that has since been
    // replaced (signed out, signed in again) must not end the new session.
    const sent = request.headers.get('Authorization')?.slice('Bearer '.length);
    if (response.status === 401 && sent && sent === getToken()) {
      const body = await response
        .clone()
        .json()
        .catch(() => null);
      const code = (body as { code?: string } | null)?.code;
      endSession(code === 'SESSION_REVOKED' ? 'revoked' : code === 'SESSION_EXPIRED' ? 'expired' : 'invalid');
    }
    return response;
  },
};

/** The typed API client. Features call it through `unwrap` so errors arrive as ApiError. */
export const api = createClient<paths>({
  baseUrl: apiBaseUrl,
  // Looked up per call rather than captured once, so tests can stand in for the network.
  fetch: (request) => globalThis.fetch(request),
});
api.use(authMiddleware);

type Result<T> = { data?: T; error?: unknown; response: Response };

/** Awaits a client call; returns its data or throws an ApiError with the server's message. */
export async function unwrap<T>(call: Promise<Result<T>>): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw networkError();
  }
  if (!result.response.ok) throw toApiError(result.response, result.error);
  return result.data as T;
}
