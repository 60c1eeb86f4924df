/**
 * This tab's id, sent as `X-Client-Id` with every request; the server stamps it on the live
 * events the request caused, so the tab can skip its own echoes.
 */
export const clientId: string =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
