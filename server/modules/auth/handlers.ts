import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { loginRoute, logoutRoute } from './routes.ts';
import { signIn, signOut } from './service.ts';

export function registerAuthRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(loginRoute, async (c) => {
    const { email, password } = c.req.valid('json');
    const session = await signIn(c.get('ctx'), email, password);
    return c.json({ token: session.token, expiresAt: session.expiresAt.toISOString() }, 200);
  });

  app.openapi(logoutRoute, async (c) => {
    const { credential } = c.get('principal');
    // Keys never reach here (the operation is forbidden to them); this narrows the type.
    if (credential.kind === 'session') await signOut(c.get('ctx'), credential.sessionId);
    return c.json({ success: true }, 200);
  });
}
