import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, publicRoute, SuccessSchema } from '../../http/route.ts';

const LoginBody = z
  .object({
    email: z.email().max(254).openapi({ example: 'ada@acme.example' }),
    password: z.string().min(1).max(1024).openapi({ example: 'workspace-demo' }),
  })
  .openapi('LoginRequest');

const LoginResult = z
  .object({
    token: z.string().openapi({ description: 'Session JWT to send as `Authorization: Bearer <token>`.' }),
    expiresAt: z.iso.datetime().openapi({ description: 'When the session ends.' }),
  })
  .openapi('LoginResult');

export const loginRoute = publicRoute(
  {
    method: 'post',
    path: '/auth/login',
    operationId: 'signIn',
    tags: ['Authentication'],
    summary: 'Sign in with email and password (reference identity provider)',
    description:
      'Public. A wrong email or password answers 401 `INVALID_CREDENTIALS`, the same for both. Only failed sign-ins are counted, not successful ones: by default 10 per 15 minutes per client address, and 10 per 15 minutes per account (the email, trimmed and lower-cased, whether or not it exists). Once either limit is reached, the next attempt answers 429 `RATE_LIMITED` before any password is checked, even with the right password, until the oldest counted failure is 15 minutes old. A successful sign-in clears the failures counted for its account (not those of the address).',
    request: { body: { required: true, content: { 'application/json': { schema: LoginBody } } } },
    responses: {
      200: jsonResponse(LoginResult, 'Signed in'),
      401: jsonResponse(ErrorEnvelope, 'Email or password is incorrect (`INVALID_CREDENTIALS`)'),
    },
  },
  { limit: 'failures' },
);

export const logoutRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/auth/logout',
  operationId: 'signOut',
  tags: ['Authentication'],
  summary: 'Sign out: revoke the current session',
  description: 'Needs a signed-in session. Afterwards the token answers 401 `SESSION_REVOKED`.',
  responses: { 200: jsonResponse(SuccessSchema, 'Session revoked') },
});
