import type { Context } from 'hono';
import type { AppEnv } from '../types.ts';

/** An IPv6 address reduced to its /64 network: one client can hold a whole /64. */
function networkOf(address: string): string {
  if (!address.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/**
 * The caller's address for rate limiting: the socket peer, or, behind a trusted proxy
 * (`TRUST_PROXY`), the last `X-Forwarded-For` hop, which that proxy appended (earlier hops are
 * written by the client and can be forged). IPv6 addresses count per /64.
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return networkOf(forwarded);
  }
  return networkOf(c.env?.incoming?.socket?.remoteAddress ?? 'unknown');
}
