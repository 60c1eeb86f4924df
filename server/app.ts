import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import type { AppContext, AppEnv } from './types.ts';
import { ApiError, ErrorCode } from './http/errors.ts';
import { readUnusedBody } from './http/unused-body.ts';
import { errorResponse, handleError, handleNotFound, validationHook } from './http/error-handler.ts';
import { securityHeaders } from './http/security-headers.ts';
import { API_TAGS } from './http/tags.ts';
import { registerAgentRoutes } from './modules/agents/handlers.ts';
import { registerAutomationRoutes } from './modules/automation/handlers.ts';
import { registerIntegrationRoutes } from './modules/integrations/handlers.ts';
import { registerCreditRoutes } from './modules/credits/handlers.ts';
import { registerApiKeyRoutes } from './modules/api-keys/handlers.ts';
import { registerAuthRoutes } from './modules/auth/handlers.ts';
import { registerCardRoutes } from './modules/cards/handlers.ts';
import { registerCommentRoutes } from './modules/comments/handlers.ts';
import { registerDocsRoutes } from './modules/docs/handlers.ts';
import { registerStorageRoutes } from './modules/files/storage/index.ts';
import { registerFileRoutes } from './modules/files/handlers.ts';
import { registerHomeRoutes } from './modules/home/handlers.ts';
import { registerMemberRoutes } from './modules/members/handlers.ts';
import { registerOrganizationRoutes } from './modules/organization/handlers.ts';
import { registerNotificationRoutes } from './modules/notifications/handlers.ts';
import { registerProjectRoutes } from './modules/projects/handlers.ts';
import { registerSearchRoutes } from './modules/search/handlers.ts';
import { registerSystemRoutes } from './modules/system/handlers.ts';
import { registerUserRoutes } from './modules/users/handlers.ts';
import { registerWikiRoutes } from './modules/wiki/handlers.ts';
import { registerContentRoutes } from './modules/content/handlers.ts';
import { registerNewsletterRoutes } from './modules/newsletter/handlers.ts';
import { registerMcpRoutes } from './modules/mcp/handlers.ts';
// Registers every module's search providers with the search module (before any request).
import './search-providers.ts';
import { assertOneSchemaPerName } from './http/schema-names.ts';
// Registers what each module does when another one changes something (server/events/reactions.ts).
import './reactions.ts';

export const API_VERSION = '0.1.0';
/** Largest JSON body accepted by any operation but the two that carry a wiki page's Markdown. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Largest body of the operations that carry a wiki page's Markdown (create and save a page): the
 * Markdown itself is limited to 2 MiB by the wiki module (413 beyond), and JSON escaping takes room.
 */
export const MAX_WIKI_BODY_BYTES = 3 * 1024 * 1024;
/**
 * `POST /projects/{id}/wiki` and `PATCH /projects/{id}/wiki/{pageId}`, which get the larger limit,
 * and `POST /mcp`, whose tool calls may carry such a page.
 */
const WIKI_BODY_PATH = /\/projects\/[^/]+\/wiki(?:\/[^/]+)?$|\/mcp$/;
/** The content API's paths, which may set their own `Cache-Control`. */
const CONTENT_PATH = /^(?:\/api)?\/content\//;

function limitBody(maxSize: number, label: string) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, `Request body is too large (limit ${label})`, ErrorCode.payloadTooLarge);
    },
  });
}

/**
 * The API (everything under `/api`) as an OpenAPI-described Hono app. Building it touches no
 * database: handlers reach the context through `c.get('ctx')`, set per request by `createApp`.
 */
export function createApi(): OpenAPIHono<AppEnv> {
  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A session JWT from `POST /auth/login`, an API key (`aik_…`), or an agent token (`agt_…`) on the operations open to agents (`x-service-agent-token: true`).',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'contentKeyAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'A content key (`cak_…`), created by a company admin in Settings → Content keys: it opens the content API (`/content/*`, published items) and nothing else.',
  });
  // The signed storage URLs of the local-disk backend, before the body limit and the no-store
  // below, which they never reach: uploads stream to disk with their own signed cap, and downloads
  // may be cached privately while their URL is valid.
  api.use('*', readUnusedBody(MAX_BODY_BYTES, '1 MiB'));
  registerStorageRoutes(api);
  const defaultLimit = limitBody(MAX_BODY_BYTES, '1 MiB');
  const wikiLimit = limitBody(MAX_WIKI_BODY_BYTES, '3 MiB');
  api.use('*', (c, next) =>
    (c.req.method === 'POST' || c.req.method === 'PATCH') && WIKI_BODY_PATH.test(c.req.path)
      ? wikiLimit(c, next)
      : defaultLimit(c, next),
  );
  // The API reference page and its script (not operations of the contract). Registered before the
  // no-store below, which they never reach: the script's URL names its version, so it may be kept.
  registerDocsRoutes(api);
  api.use('*', async (c, next) => {
    await next();
    // Authenticated data must not sit in shared caches. The content API (`/content/*`: published
    // items a public site caches) sets its own.
    if (!CONTENT_PATH.test(c.req.path) || !c.res.headers.has('Cache-Control')) {
      c.res.headers.set('Cache-Control', 'no-store');
    }
  });

  registerAuthRoutes(api);
  registerUserRoutes(api);
  registerHomeRoutes(api);
  registerApiKeyRoutes(api);
  registerAgentRoutes(api);
  registerIntegrationRoutes(api);
  registerAutomationRoutes(api);
  registerCreditRoutes(api);
  registerMemberRoutes(api);
  registerOrganizationRoutes(api);
  registerProjectRoutes(api);
  registerCardRoutes(api);
  registerCommentRoutes(api);
  registerWikiRoutes(api);
  registerFileRoutes(api);
  registerNotificationRoutes(api);
  registerSearchRoutes(api);
  registerContentRoutes(api);
  registerNewsletterRoutes(api);
  registerMcpRoutes(api, API_VERSION);
  registerSystemRoutes(api, () => openApiDocument(api));

  api.onError(handleError);
  api.notFound(handleNotFound);
  return api;
}

let cachedDocument: ReturnType<OpenAPIHono['getOpenAPI31Document']> | undefined;
/** The OpenAPI 3.1 document of the API; the committed `contract/openapi.json` is this. */
export function openApiDocument(api: OpenAPIHono<AppEnv>) {
  if (!cachedDocument) assertOneSchemaPerName(api.openAPIRegistry.definitions);
  cachedDocument ??= api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Workspace Management API',
      version: API_VERSION,
      description:
        'Reference implementation of the Workspace Management API. Errors use the envelope `{error, code?}`. Every operation carries `x-service-api-key` (`read`, `write` or `forbidden`): the minimum API key scope it needs.',
    },
    servers: [{ url: '/api' }],
    tags: API_TAGS,
  });
  if (!cachedDocument.components?.parameters?.IdempotencyKey) addIdempotencyKey(cachedDocument);
  return cachedDocument;
}

/**
 * Every authenticated POST takes an optional `Idempotency-Key` (server/http/idempotency.ts): one
 * shared header parameter, referenced by each of them.
 */
function addIdempotencyKey(document: ReturnType<OpenAPIHono['getOpenAPI31Document']>) {
  document.components ??= {};
  document.components.parameters = {
    ...document.components.parameters,
    IdempotencyKey: {
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
      description:
        'Optional: 1–255 visible ASCII characters (a UUID). The same request (method, path and body) sent again with the same key within 24 hours gets the first successful answer, with `Idempotent-Replayed: true`, and creates nothing; the key with another request is 422 `IDEMPOTENCY_KEY_REUSED`; while the first is still running, 409 `CONFLICT`. An answer other than 2xx is not kept: the request may be sent again with the key.',
    },
  };
  for (const item of Object.values(document.paths ?? {})) {
    const post = item?.post;
    if (!post?.security?.some((scheme) => 'bearerAuth' in scheme)) continue;
    post.parameters = [...(post.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The whole server: API under `/api`, the built SPA everywhere else. */
export function createApp(ctx: AppContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    c.set('ctx', ctx);
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
  });
  app.use('*', securityHeaders(ctx.config.connectSources, ctx.config.storageSources));
  app.route('/api', createApi());
  app.onError(handleError);

  const staticDir = ctx.config.staticDir ? resolve(ctx.config.staticDir) : undefined;
  if (staticDir && existsSync(join(staticDir, 'index.html'))) {
    mountSpa(app, staticDir);
  } else {
    app.notFound((c) =>
      c.req.path.startsWith('/api/') || c.req.path === '/api'
        ? handleNotFound(c)
        : errorResponse(c, new ApiError(404, 'The web app is not built; run npm run build', ErrorCode.notFound)),
    );
  }
  return app;
}

function mountSpa(app: Hono<AppEnv>, staticDir: string) {
  const indexHtml = readFile(join(staticDir, 'index.html'), 'utf8');
  app.use('/assets/*', async (c, next) => {
    await next();
    // Hashed file names: safe to cache forever.
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', compress());
  // Assets were compressed at build time (vite.config.ts): sent as they are, never compressed again.
  app.use('*', serveStatic({ root: staticDir, precompressed: true }));
  app.notFound(async (c) => {
    const path = c.req.path;
    if (path === '/api' || path.startsWith('/api/')) return handleNotFound(c);
    // Client-side routes get the app shell; a missing file (a path with an extension) is a 404.
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path)) {
      c.header('Cache-Control', 'no-cache');
      return c.html(await indexHtml);
    }
    return errorResponse(c, new ApiError(404, 'Not found', ErrorCode.notFound));
  });
}
