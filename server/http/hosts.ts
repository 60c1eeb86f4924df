import type { AppConfig } from '../types.ts';

/** Always trusted: the machine itself, on any port. */
const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The host names this server is reached by (any port): loopback, the host of `PUBLIC_URL`, and
 * `ALLOWED_HOSTS`. The MCP endpoint refuses requests naming another (DNS-rebinding protection);
 * newsletter emails link only to these when `PUBLIC_URL` is unset (a forged `Host` header must not
 * choose where a mailed link points).
 */
export function trustedHosts(config: Pick<AppConfig, 'publicUrl' | 'allowedHosts'>): Set<string> {
  const hosts = new Set(LOOPBACK);
  if (config.publicUrl) hosts.add(new URL(config.publicUrl).hostname);
  for (const host of config.allowedHosts ?? []) hosts.add(host.toLowerCase());
  return hosts;
}

/** The host name of a `Host` header value or an origin, lowercased (IPv6 in brackets); undefined if it is none. */
export function hostnameOf(value: string, asOrigin: boolean): string | undefined {
  try {
    return new URL(asOrigin ? value : `http://${value}`).hostname || undefined;
  } catch {
    return undefined;
  }
}
