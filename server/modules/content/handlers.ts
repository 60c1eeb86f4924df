import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import {
  createContentItemRoute,
  createContentKeyRoute,
  deleteContentItemRoute,
  getContentItemRoute,
  getPublishedContentRoute,
  listContentItemsRoute,
  listContentKeysRoute,
  listPublishedContentRoute,
  publishContentItemRoute,
  revokeContentKeyRoute,
  unpublishContentItemRoute,
  updateContentItemRoute,
} from './routes.ts';
import {
  createContentItem,
  createContentKey,
  deleteContentItem,
  getContentItem,
  getPublishedContent,
  listContentItems,
  listContentKeys,
  listPublishedContent,
  publishContentItem,
  revokeContentKey,
  unpublishContentItem,
  updateContentItem,
} from './service.ts';

/** How a public site (and any cache between) may keep the content API's answers. */
export const CONTENT_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** A weak validator of a JSON answer: the same JSON, the same tag. */
export const weakETag = (json: string) => `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2; `*` matches any). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}

/** The content API's answer: the JSON with its cache headers, or 304 when the client has it. */
function cacheable(c: Context<AppEnv>, value: unknown) {
  const json = JSON.stringify(value);
  const etag = weakETag(json);
  c.header('ETag', etag);
  c.header('Cache-Control', CONTENT_CACHE_CONTROL);
  c.header('Vary', 'Authorization', { append: true });
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(json, 200);
}

export function registerContentRoutes(app: OpenAPIHono<AppEnv>) {
  // A site's browser code may read published content: any origin, GET, the Authorization header
  // (a key in a page is public anyway: content keys read published items only). No credentials.
  app.use(
    '/content/*',
    cors({
      origin: '*',
      allowMethods: ['GET'],
      allowHeaders: ['Authorization', 'If-None-Match'],
      exposeHeaders: ['ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'],
      maxAge: 600,
    }),
  );

  app.openapi(listContentItemsRoute, async (c) =>
    c.json(await listContentItems(c.get('ctx'), c.get('principal'), c.req.valid('query')), 200),
  );
  app.openapi(createContentItemRoute, async (c) =>
    c.json(await createContentItem(c.get('ctx'), c.get('principal'), c.req.valid('json')), 201),
  );
  app.openapi(getContentItemRoute, async (c) =>
    c.json(await getContentItem(c.get('ctx'), c.get('principal'), c.req.valid('param').itemId), 200),
  );
  app.openapi(updateContentItemRoute, async (c) =>
    c.json(await updateContentItem(c.get('ctx'), actorOf(c), c.req.valid('param').itemId, c.req.valid('json')), 200),
  );
  app.openapi(publishContentItemRoute, async (c) =>
    c.json(await publishContentItem(c.get('ctx'), c.get('principal'), c.req.valid('param').itemId), 200),
  );
  app.openapi(unpublishContentItemRoute, async (c) =>
    c.json(await unpublishContentItem(c.get('ctx'), c.get('principal'), c.req.valid('param').itemId), 200),
  );
  app.openapi(deleteContentItemRoute, async (c) => {
    await deleteContentItem(c.get('ctx'), c.get('principal'), c.req.valid('param').itemId);
    return c.body(null, 204);
  });

  app.openapi(listContentKeysRoute, async (c) => c.json(await listContentKeys(c.get('ctx'), c.get('principal')), 200));
  app.openapi(createContentKeyRoute, async (c) =>
    c.json(await createContentKey(c.get('ctx'), c.get('principal'), c.req.valid('json')), 201),
  );
  app.openapi(revokeContentKeyRoute, async (c) => {
    await revokeContentKey(c.get('ctx'), c.get('principal'), c.req.valid('param').keyId);
    return c.body(null, 204);
  });

  app.openapi(listPublishedContentRoute, async (c) =>
    cacheable(c, await listPublishedContent(c.get('ctx'), c.get('contentKey').companyId, c.req.valid('query'))),
  );
  app.openapi(getPublishedContentRoute, async (c) =>
    cacheable(c, await getPublishedContent(c.get('ctx'), c.get('contentKey').companyId, c.req.valid('param').slug)),
  );
}
