import type { Context } from 'hono';
import type { AppEnv } from '../types.ts';
import type { Actor } from '../events/record.ts';

const CLIENT_ID = /^[\w-]{1,64}$/;

/** The caller and, when the web app sent one, its tab id so the tab can skip its own echoes. */
export function actorOf(c: Context<AppEnv>): Actor {
  const clientId = c.req.header('x-client-id');
  return { principal: c.get('principal'), clientId: clientId && CLIENT_ID.test(clientId) ? clientId : undefined };
}
