import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';

/**
 * The caller's address: the socket peer, or the first `X-Forwarded-For` hop when the server is
 * configured to trust its proxy (never by default, since clients can forge the header).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
