import { describe, expect, it } from 'vitest';
import { ApiError, type WorkspaceApi } from './api.ts';
import { MAX_REPLY_CHARS, createReplyWriter } from './reply.ts';

type Patch = { append?: string; activity?: unknown[]; status?: string };

/** An API whose PATCHes wait until the test lets them through. */
function gatedApi(fail?: (patch: Patch, index: number) => Error | undefined) {
  const patches: Patch[] = [];
  const gates: (() => void)[] = [];
  const api = {
    updateReply: async (_a: string, _s: string, _m: string, patch: Patch) => {
      const index = patches.push(patch) - 1;
      await new Promise<void>((resolve) => gates.push(resolve));
      const error = fail?.(patch, index);
      if (error) throw error;
      return {};
    },
  } as unknown as WorkspaceApi;
  const release = async () => {
    while (gates.length === 0) await Promise.resolve();
    gates.shift()!();
  };
  return { api, patches, release };
}

const writer = (api: WorkspaceApi, signal = new AbortController().signal) =>
  createReplyWriter({ api, agentId: 'a', sessionId: 's', messageId: 'm', signal });

describe('createReplyWriter', () => {
  it('sends pieces in order and gathers what arrives while a request is in flight into the next', async () => {
    const { api, patches, release } = gatedApi();
    const reply = writer(api);
    const first = reply.text('Hello');
    void reply.text(', ');
    void reply.activity({ type: 'action', text: 'Searched', tool: 'search_workspace' });
    const last = reply.text('world');
    await release();
    await release();
    await Promise.all([first, last]);
    expect(patches).toEqual([
      { append: 'Hello' },
      { append: ', world', activity: [{ type: 'action', text: 'Searched', tool: 'search_workspace' }] },
    ]);
    expect(reply.written).toBe('Hello, world');
    await reply.flush();
  });

  it('fails every later write once the server refused one (the person stopped the session)', async () => {
    const stopped = new ApiError(409, 'SESSION_STOPPED', 'stopped');
    const { api, patches, release } = gatedApi(() => stopped);
    const reply = writer(api);
    const first = reply.text('a');
    await release();
    await expect(first).rejects.toBe(stopped);
    await expect(reply.text('b')).rejects.toBe(stopped);
    await expect(reply.flush()).rejects.toBe(stopped);
    expect(patches).toHaveLength(1);
  });

  it('writes nothing once its work is aborted', async () => {
    const { api, patches } = gatedApi();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const reply = writer(api, controller.signal);
    await expect(reply.text('a')).rejects.toThrow('stop');
    expect(patches).toHaveLength(0);
  });

  it('cuts the reply at the server’s limit, with a note', async () => {
    const { api, patches, release } = gatedApi();
    const reply = writer(api);
    const sent = reply.text('x'.repeat(MAX_REPLY_CHARS + 10));
    void reply.text('more');
    await release();
    await sent;
    expect(patches[0]!.append!.length).toBe(MAX_REPLY_CHARS);
    expect(patches[0]!.append).toMatch(/cut at the 20,000-character limit\.\]$/);
    expect(patches).toHaveLength(1);
  });
});
