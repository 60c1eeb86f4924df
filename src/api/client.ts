import createClient, { type Middleware } from 'openapi-fetch';
import { clientId } from './client-id';
import { apiBaseUrl } from './config';
import { ApiError, networkError, toApiError } from './errors';
import type { paths } from './generated/schema';
import { endSession, getToken } from './session';

/** Sends the session token and ends the session when the server no longer accepts it. */
const authMiddleware: Middleware = {
  onRequest({ request }) {
    const token = getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('X-Client-Id', clientId);
    return request;
  },
  async onResponse({ request, response }) {
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
