/**
 * A small local server speaking the OpenAI chat-completions protocol with scripted replies, for
 * testing the model backend: each request takes the next scripted turn (text, streamed in pieces,
 * and/or tool calls, their arguments split across chunks as real servers do).
 */
import { type AddressInfo } from 'node:net';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';

export type ScriptedTurn = {
  text?: string;
  reasoning?: string;
  toolCalls?: { name: string; arguments: Record<string, unknown> }[];
};

export type ChatRequest = {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: unknown[] }[];
  tools?: { function: { name: string } }[];
};

export async function startFakeModel(script: ScriptedTurn[] | ((request: ChatRequest) => ScriptedTurn)) {
  const requests: ChatRequest[] = [];
  const headers: IncomingMessage['headers'][] = [];
  let turn = 0;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    let body = '';
    for await (const chunk of req) body += chunk;
    const request = JSON.parse(body) as ChatRequest;
    requests.push(request);
    headers.push(req.headers);
    const next = typeof script === 'function' ? script(request) : script[turn++];
    if (!next) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"script exhausted"}}');
      return;
    }
    const id = `chatcmpl-${requests.length}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', model: request.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    if (!request.stream) {
      const message = {
        role: 'assistant',
        content: next.text ?? null,
        ...(next.toolCalls
          ? {
              tool_calls: next.toolCalls.map((call, index) => ({
                id: `call_${requests.length}_${index}`,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              })),
            }
          : {}),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ id, choices: [{ index: 0, message, finish_reason: next.toolCalls ? 'tool_calls' : 'stop' }] }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(chunk({ role: 'assistant', content: '' }));
    if (next.reasoning) res.write(chunk({ reasoning_content: next.reasoning }));
    for (const piece of (next.text ?? '').match(/\S+\s*/g) ?? []) res.write(chunk({ content: piece }));
    for (const [index, call] of (next.toolCalls ?? []).entries()) {
      const args = JSON.stringify(call.arguments);
      const half = Math.floor(args.length / 2);
      res.write(
        chunk({
          tool_calls: [
            {
              index,
              id: `call_${requests.length}_${index}`,
              type: 'function',
              function: { name: call.name, arguments: args.slice(0, half) },
            },
          ],
        }),
      );
      res.write(chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] }));
    }
    res.write(chunk({}, next.toolCalls ? 'tool_calls' : 'stop'));
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      res.writeHead(500).end(JSON.stringify({ error: { message: error.message } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    headers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
