import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { type ZodError, z } from 'zod';
import type { AppEnv } from '../types.ts';
import { ApiError, bearerChallenge, ErrorCode, invalidField, type IssueLocation, validationFailed } from './errors.ts';

// Say "is required" for a missing field instead of zod's "expected string, received undefined".
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : undefined),
});

type Location = 'query' | 'param' | 'json' | 'header' | 'cookie' | 'form';
const locationName: Record<Location, IssueLocation> = {
  query: 'query',
  param: 'path',
  json: 'body',
  header: 'header',
  cookie: 'cookie',
  form: 'body',
};

/** Turns a failed request validation into a 400 that names each offending field. */
export function validationError(error: ZodError, target: Location): ApiError {
  return validationFailed(
    locationName[target],
    error.issues.map((issue) => ({
      path: issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)',
      message: issue.message,
    })),
  );
}

/** Deepest nesting of a request's JSON the API reads (deeper: 400, not a stack overflow). */
export const MAX_JSON_DEPTH = 64;

type Finding = { path: string[]; message: string };

/**
 * The first string holding a NUL character (which Postgres cannot store), or the first value
 * nested deeper than MAX_JSON_DEPTH (most operations strip unknown fields before this; free-form
 * ones, like the MCP endpoint's messages, do not). Iterative: any depth of input is safe to walk.
 */
function findUnstorable(value: unknown): Finding | undefined {
  const stack: { node: unknown; path: string[] }[] = [{ node: value, path: [] }];
  while (stack.length > 0) {
    const { node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return { path, message: 'must not contain NUL characters' };
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) return { path, message: `must not nest deeper than ${MAX_JSON_DEPTH} levels` };
    const entries = Array.isArray(node)
      ? node.map((item, index) => [String(index), item] as const)
      : Object.entries(node);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      stack.push({ node: item, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * The hook `@hono/zod-openapi` calls after validating each request part: a failure becomes a
 * 400 naming the fields, and text holding NUL characters (or JSON nested deeper than
 * MAX_JSON_DEPTH) is refused here for every operation.
 */
export const validationHook = (
  result: { success: true; data: unknown; target: Location } | { success: false; error: ZodError; target: Location },
) => {
  if (!result.success) throw validationError(result.error, result.target);
  const found = findUnstorable(result.data);
  if (found) throw invalidField(found.path.join('.') || '(root)', found.message, locationName[result.target]);
};

/** Hono exceptions raised below us (body parsing, media type, body limit) mapped to codes. */
function fromHttpException(error: HTTPException): ApiError {
  switch (error.status) {
    case 400:
      return new ApiError(400, 'Invalid JSON in request body', ErrorCode.invalidJson);
    case 413:
      return new ApiError(413, 'Request body is too large', ErrorCode.payloadTooLarge);
    case 415:
      return new ApiError(415, 'Content-Type must be application/json', ErrorCode.unsupportedMediaType);
    default:
      return new ApiError(error.status as ApiError['status'], error.message || 'Request failed');
  }
}

export function errorResponse(c: Context<AppEnv>, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  // Every 401 names how to authenticate (RFC 6750), whichever operation gave it.
  if (error.status === 401 && !Object.keys(error.headers).some((name) => name.toLowerCase() === 'www-authenticate')) {
    c.header('WWW-Authenticate', bearerChallenge(c.req.header('authorization')));
  }
  return c.json(error.toEnvelope(), error.status);
}

/** Every failure leaves as the error envelope; unexpected ones as a 500 with a request id. */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (error instanceof HTTPException) return errorResponse(c, fromHttpException(error));
  const requestId = c.get('requestId');
  c.get('ctx').logger.error('unhandled error', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return errorResponse(c, new ApiError(500, 'Internal server error', ErrorCode.internal, { requestId }));
};

export const handleNotFound: NotFoundHandler<AppEnv> = (c) =>
  errorResponse(c, new ApiError(404, `No such endpoint: ${c.req.method} ${c.req.path}`, ErrorCode.notFound));
