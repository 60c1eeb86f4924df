import { describe, expect, it } from 'vitest';
import { type SseMessage, createSseParser, readSse } from './sse.ts';

function parseAll(chunks: string[]) {
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = createSseParser({
    onMessage: (message) => messages.push(message),
    onComment: (text) => comments.push(text),
    onRetry: (ms) => retries.push(ms),
  });
  for (const chunk of chunks) parser.feed(chunk);
  return { messages, comments, retries, parser };
}

describe('createSseParser', () => {
  it('dispatches events with their type, data and id, and the last id carries over', () => {
    const { messages } = parseAll([
      'event: ready\ndata: {"resumed":true}\n\n',
      'id: 7\nevent: agent.session.message\ndata: {"a":1}\n\n',
      'data: plain\n\n',
    ]);
    expect(messages).toEqual([
      { event: 'ready', data: '{"resumed":true}', id: undefined },
      { event: 'agent.session.message', data: '{"a":1}', id: '7' },
      { event: 'message', data: 'plain', id: '7' },
    ]);
  });

  it('joins multi-line data, accepts CRLF and CR, and a field without a space after the colon', () => {
    const { messages } = parseAll(['data:one\r\ndata: two\r\n\r\n', 'data: three\r\rdata: four\n\n']);
    expect(messages.map((message) => message.data)).toEqual(['one\ntwo', 'three', 'four']);
  });

  it('reassembles messages split anywhere, even between the CR and LF of one line end', () => {
    const text = 'id: 1\r\nevent: x\r\ndata: {"long":"value"}\r\n\r\n: ping\r\n\r\nid: 2\r\ndata: y\r\n\r\n';
    for (let size = 1; size <= 7; size++) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      const { messages, comments } = parseAll(chunks);
      expect(messages).toEqual([
        { event: 'x', data: '{"long":"value"}', id: '1' },
        { event: 'message', data: 'y', id: '2' },
      ]);
      expect(comments).toEqual(['ping']);
    }
  });

  it('reports comments and retry hints, ignores unknown fields and events without data', () => {
    const { messages, comments, retries } = parseAll([': ping\n\nretry: 3000\nfoo: bar\nevent: empty\n\n']);
    expect(messages).toEqual([]);
    expect(comments).toEqual(['ping']);
    expect(retries).toEqual([3000]);
  });

  it('forgets a half-received message on reset but keeps the last id', () => {
    const { parser, messages } = parseAll(['id: 5\ndata: done\n\n', 'data: half']);
    parser.reset();
    parser.feed('\n\n');
    expect(messages).toHaveLength(1);
    expect(parser.lastEventId).toBe('5');
  });
});

describe('readSse', () => {
  it('yields the messages of a byte stream, split across chunks and UTF-8 sequences', async () => {
    const bytes = new TextEncoder().encode('data: Café ☕\n\nevent: done\ndata: {}\n\n');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const seen = [];
    for await (const message of readSse(body)) seen.push(message);
    expect(seen).toEqual([
      { event: 'message', data: 'Café ☕', id: undefined },
      { event: 'done', data: '{}', id: undefined },
    ]);
  });
});
