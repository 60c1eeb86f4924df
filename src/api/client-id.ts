/**
 * This tab's id, sent as `X-Client-Id` with every request; the server stamps it on the live
 * events the request caused, so the tab can skip its own echoes.
 */
export const clientId: string = randomId();

/** A random id: a UUID where the browser gives one (secure contexts), else 128 random bits in hex. */
export function randomId(): string {
  if (typeof crypto === 'undefined') return `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
