import type { Context } from 'hono';
import type { AppEnv } from '../../types.ts';
import { hostnameOf, trustedHosts } from '../../http/hosts.ts';
import { forbidden } from '../../http/errors.ts';

/**
 * DNS-rebinding protection (the MCP transport's rule, port-agnostic like the SDK's
 * `hostHeaderValidation`): a web page whose name was made to resolve to this server sends its own
 * host in `Host` (and its origin in `Origin`); either naming a host this server does not answer to
 * is refused with 403. Requests made in process carry no `Host`: their URL's host counts.
 */
export function checkHost(c: Context<AppEnv>) {
  const allowed = trustedHosts(c.get('ctx').config);
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  const hostname = hostnameOf(host, false);
  if (!hostname || !allowed.has(hostname)) {
    throw forbidden(`This server does not answer MCP requests for host "${host}" (DNS-rebinding protection)`);
  }
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    const originHost = hostnameOf(origin, true);
    if (!originHost || !allowed.has(originHost)) {
      throw forbidden(`MCP requests from origin "${origin}" are refused (DNS-rebinding protection)`);
    }
  }
}
