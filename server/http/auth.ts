import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.ts';
import { clientIp } from './client-ip.ts';
import { ApiError, ErrorCode } from './errors.ts';
import { isInnerRequest } from './inner-requests.ts';
import { enforceRateLimit } from './rate-limit.ts';

/**
 * The minimum key scope an operation needs (spec, Authentication 5, 6 and 8), as written in
 * its `x-service-api-key`.
 */
export type KeyAccess = 'read' | 'write' | 'forbidden';

/**
 * Route middleware for every non-public operation: authenticate the bearer token, count the
 * request against the caller's rate limit, then enforce the operation's `x-service-api-key`
 * for API keys, and its `x-service-agent-token` for agent tokens (`agents`: whether the
 * operation is open to them). Signed-in sessions are not limited by key scope.
 */
export const requireAuth =
  (access: KeyAccess, agents = false): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const ctx = c.get('ctx');
    let principal;
    try {
      principal = await ctx.auth.authenticate(c.req.header('authorization'));
    } catch (error) {
      // Every rejected credential counts against its address, so guessing is throttled too.
      if (error instanceof ApiError && error.status === 401) {
        await enforceRateLimit(c, ctx.limiters.authFailures, clientIp(c, ctx.config.trustProxy));
      }
      throw error;
    }
    // A tool call of `POST /mcp` dispatched here in process already counted as that request.
    if (!isInnerRequest(c.req.raw)) await enforceRateLimit(c, ctx.limiters.user, principal.user.id);
    const credential = principal.credential;
    if (credential.kind === 'api_key') {
      if (access === 'forbidden') {
        throw new ApiError(
          403,
          'API keys cannot call this operation; it needs a signed-in user',
          ErrorCode.apiKeyForbidden,
        );
      }
      if (access === 'write' && credential.scope === 'read') {
        throw new ApiError(403, 'This API key is read-only: it may call GET operations only', ErrorCode.apiKeyReadOnly);
      }
    }
    if (credential.kind === 'agent_token' && !agents) {
      throw new ApiError(
        403,
        'Agent tokens cannot call this operation; it needs a person (signed in, or with an API key)',
        ErrorCode.agentTokenForbidden,
      );
    }
    c.set('principal', principal);
    await next();
  };
