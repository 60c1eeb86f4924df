/**
 * A small server-sent events parser (the WHATWG `text/event-stream` format): used for the agent's
 * event stream and for a model's streamed chat completions. Fetch-based, because `EventSource`
 * cannot send an `Authorization` header.
 */

/** One dispatched message. `event` defaults to `message`; `id` is the last `id:` seen so far. */
export type SseMessage = { event: string; data: string; id?: string };
/** What the parser reports besides messages: comments (keep-alive pings) and `retry:` hints. */
export type SseCallbacks = {
  onMessage(message: SseMessage): void;
  onComment?(text: string): void;
  onRetry?(ms: number): void;
};

/** An incremental parser: feed it text as it arrives, in chunks of any size. */
export function createSseParser(callbacks: SseCallbacks) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let lastId: string | undefined;
  // A chunk may end between the \r and \n of a CRLF: the \n must not end a second line.
  let skipLeadingNewline = false;

  function line(text: string) {
    if (text === '') {
      if (data.length > 0) callbacks.onMessage({ event: event || 'message', data: data.join('\n'), id: lastId });
      data = [];
      event = '';
      return;
    }
    if (text.startsWith(':')) {
      callbacks.onComment?.(text.slice(1).trimStart());
      return;
    }
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) callbacks.onRetry?.(Number(value));
  }

  return {
    feed(chunk: string) {
      buffer += chunk;
      if (skipLeadingNewline && buffer.startsWith('\n')) buffer = buffer.slice(1);
      skipLeadingNewline = false;
      for (;;) {
        const end = buffer.search(/[\r\n]/);
        if (end < 0) break;
        const text = buffer.slice(0, end);
        const crlf = buffer[end] === '\r' && buffer[end + 1] === '\n';
        if (buffer[end] === '\r' && end + 1 === buffer.length) skipLeadingNewline = true;
        buffer = buffer.slice(end + (crlf ? 2 : 1));
        line(text);
      }
    },
    /** Forgets a half-received message (a new connection starts clean); keeps the last id. */
    reset() {
      buffer = '';
      data = [];
      event = '';
      skipLeadingNewline = false;
    },
    get lastEventId() {
      return lastId;
    },
  };
}

/**
 * Reads a response body as server-sent events, in order, until the body ends or `signal` aborts.
 * `onComment` sees keep-alive comments (so a caller can notice a silent connection).
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  options: { onComment?: (text: string) => void } = {},
): AsyncGenerator<SseMessage> {
  const queue: SseMessage[] = [];
  const parser = createSseParser({ onMessage: (message) => queue.push(message), onComment: options.onComment });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
      while (queue.length > 0) yield queue.shift()!;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
