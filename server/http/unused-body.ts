/**
 * A GET or HEAD sent with a body (a client library that always sends JSON, a proxy) has that body
 * read to its end, and discarded, before the request is answered. Nothing else reads it: Hono gives
 * GET no body, and @hono/node-server cleans up only the bodies of other methods. Left unread, the
 * body is still arriving when the server closes the connection after its answer, the kernel
 * answers the late bytes with a reset, and the client loses what it had not read yet of the
 * answer — a CSV export ends cut mid-stream. Past `maxBytes` the request is refused with 413, once
 * the body is read (a cut connection would lose the 413 the same way).
 */
import type { IncomingMessage } from 'node:http';
import { createMiddleware } from 'hono/factory';
import { ApiError, ErrorCode } from './errors.ts';

const hasBody = (incoming: IncomingMessage) =>
  Number(incoming.headers['content-length'] ?? 0) > 0 || incoming.headers['transfer-encoding'] !== undefined;

/** Past this a sender is cut off (the socket closed) rather than read on. */
const HARD_CAP_BYTES = 64 * 1024 * 1024;

/** Reads `incoming` to its end, discarding it; false when it went past `maxBytes`. */
function drain(incoming: IncomingMessage, maxBytes: number): Promise<boolean> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      incoming.off('data', onData);
      incoming.off('end', done);
      incoming.off('error', done);
      incoming.off('close', done);
      resolve(bytes <= maxBytes);
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > HARD_CAP_BYTES) incoming.socket.destroy();
    };
    incoming.on('data', onData);
    incoming.on('end', done);
    incoming.on('error', done);
    incoming.on('close', done);
    incoming.resume();
  });
}

export const readUnusedBody = (maxBytes: number, label: string) =>
  createMiddleware(async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const unread =
      (c.req.method === 'GET' || c.req.method === 'HEAD') &&
      typeof incoming?.on === 'function' &&
      !incoming.readableEnded &&
      hasBody(incoming);
    if (unread && !(await drain(incoming, maxBytes))) {
      c.header('Connection', 'close');
      throw new ApiError(413, `Request body is too large (limit ${label})`, ErrorCode.payloadTooLarge);
    }
    await next();
  });
