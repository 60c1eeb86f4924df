import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { clientIp } from '../../http/client-ip.ts';
import { limitFailures } from '../../http/rate-limit.ts';
import { loginRoute, logoutRoute } from './routes.ts';
import { isInvalidCredentials, normalizeEmail, signIn, signOut } from './service.ts';

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(loginRoute, async (c) => {
    const { email, password } = c.req.valid('json');
    const ctx = c.get('ctx');
    // Failed sign-ins only count, per address and per account; a full limit answers 429 before
    // the password is checked, and a success clears the account's failures.
    const session = await limitFailures(
      c,
      [
        { limiter: ctx.limiters.signInFailures, key: clientIp(c, ctx.config.trustProxy) },
        { limiter: ctx.limiters.signInAccountFailures, key: normalizeEmail(email), resetOnSuccess: true },
      ],
      isInvalidCredentials,
      () => signIn(ctx, email, password),
    );
    return c.json({ token: session.token, expiresAt: session.expiresAt.toISOString() }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const { credential } = c.get('principal');
    // Keys never reach here (the operation is forbidden to them); this narrows the type.
    if (credential.kind === 'session') await signOut(c.get('ctx'), credential.sessionId);
    return c.json({ success: true }, 200);
  });
}
