import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { AppEnv } from '../../types.ts';
import { clientIp } from '../../http/client-ip.ts';
import { trustedHosts } from '../../http/hosts.ts';
import { ApiError } from '../../http/errors.ts';
import { limitFailures } from '../../http/rate-limit.ts';
import {
  confirmNewsletterRoute,
  deleteNewsletterSubscriberRoute,
  exportNewsletterSubscribersRoute,
  getNewsletterRoute,
  listNewsletterSubscribersRoute,
  subscribeNewsletterRoute,
  unsubscribeNewsletterOneClickRoute,
  unsubscribeNewsletterRoute,
} from './routes.ts';
import {
  confirm,
  deleteSubscriber,
  exportSubscribers,
  getNewsletter,
  listSubscribers,
  subscribe,
  unsubscribe,
} from './service.ts';

/**
 * Unsubscribing counts only refused tokens (400) against the client address's sensitive-POST
 * limit: a mail provider posts the one-click unsubscribes of many people from few addresses, and a
 * valid token cannot be guessed (it is signed).
 */
const limitTokenFailures = <T>(c: Context<AppEnv>, attempt: () => Promise<T>) => {
  const ctx = c.get('ctx');
  return limitFailures(
    c,
    [{ limiter: ctx.limiters.sensitivePost, key: clientIp(c, ctx.config.trustProxy) }],
    (error) => error instanceof ApiError && error.status === 400,
    attempt,
  );
};

/**
 * Where the links of newsletter emails point when `PUBLIC_URL` is not set: the origin the request
 * was made to (the web app serves or proxies `/api`) — only when its host is one this server is
 * reached by (loopback, `ALLOWED_HOSTS`): the signup is anonymous, so a forged `Host` header must
 * not choose where the company's mail sends a reader and its token. Otherwise null: no email is
 * sent and the operator is told to set `PUBLIC_URL`. Not the `Origin` header, as invitations use:
 * signups come from any site (CORS), and links must lead to this app, never to the caller's site.
 */
const originOf = (c: Context<AppEnv>): string | null => {
  const url = new URL(c.req.url);
  return trustedHosts(c.get('ctx').config).has(url.hostname) ? url.origin : null;
};

/**
 * CORS for the signup form of a company's own site: any origin, no credentials (the operations are
 * public), the rate-limit headers readable so the form can say when to try again.
 */
const openCors = cors({
  origin: '*',
  allowMethods: ['GET', 'POST'],
  allowHeaders: ['Content-Type'],
  exposeHeaders: ['Retry-After', 'RateLimit', 'RateLimit-Policy'],
  maxAge: 86_400,
});
const COMPANY_PATH = /\/newsletter\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** CORS on `POST /newsletter` and `GET /newsletter/{companyId}` only (their preflights included). */
const newsletterCors: MiddlewareHandler<AppEnv> = (c, next) =>
  c.req.path.endsWith('/newsletter') || COMPANY_PATH.test(c.req.path) ? openCors(c, next) : next();

export function registerNewsletterRoutes(app: OpenAPIHono<AppEnv>) {
  app.use('/newsletter', newsletterCors);
  app.use('/newsletter/:companyId', newsletterCors);

  app.openapi(getNewsletterRoute, async (c) =>
    c.json(await getNewsletter(c.get('ctx'), c.req.valid('param').companyId), 200),
  );
  app.openapi(subscribeNewsletterRoute, async (c) =>
    c.json(await subscribe(c.get('ctx'), c.req.valid('json'), originOf(c)), 202),
  );
  app.openapi(confirmNewsletterRoute, async (c) => c.json(await confirm(c.get('ctx'), c.req.valid('json').token), 200));
  app.openapi(unsubscribeNewsletterRoute, async (c) =>
    c.json(await limitTokenFailures(c, () => unsubscribe(c.get('ctx'), c.req.valid('json').token)), 200),
  );
  app.openapi(unsubscribeNewsletterOneClickRoute, async (c) =>
    c.json(await limitTokenFailures(c, () => unsubscribe(c.get('ctx'), c.req.valid('query').token)), 200),
  );

  app.openapi(listNewsletterSubscribersRoute, async (c) =>
    c.json(await listSubscribers(c.get('ctx'), c.get('principal'), c.req.valid('query')), 200),
  );
  app.openapi(exportNewsletterSubscribersRoute, async (c) => {
    const { fileName, csv } = await exportSubscribers(c.get('ctx'), c.get('principal'), c.req.valid('query'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
    });
  });
  app.openapi(deleteNewsletterSubscriberRoute, async (c) => {
    await deleteSubscriber(c.get('ctx'), c.get('principal'), c.req.valid('param').subscriberId);
    return c.body(null, 204);
  });
}
