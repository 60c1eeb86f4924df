/**
 * Requests the server makes to itself: a tool call of the MCP endpoint (`POST /mcp`) is dispatched
 * to the operation it names as an in-process request. The outer `POST /mcp` already counted
 * against the caller's rate limit, so `requireAuth` does not count these again. A WeakSet of the
 * request objects themselves: nothing a client sends can mark a request as inner.
 */
const innerRequests = new WeakSet<Request>();

/** Marks `request` as made by the server itself (not counted against the caller's rate limit). */
export function markInnerRequest(request: Request): Request {
  innerRequests.add(request);
  return request;
}

export const isInnerRequest = (request: Request) => innerRequests.has(request);
