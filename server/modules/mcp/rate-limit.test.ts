import { describe, expect, it } from 'vitest';
import { relaxedLimits, useTestApp } from '../../test/harness.ts';

/** Three authenticated requests per user per minute. */
const t = useTestApp({ config: { rateLimits: { ...relaxedLimits, userPerMinute: 3 } } });

const headers = { accept: 'application/json, text/event-stream' };
const call = (id: number, name: string, args: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name, arguments: args },
});

describe('the MCP endpoint and the per-user rate limit', () => {
  it('counts a POST /mcp once, not again for the operation its tool call runs; a batch counts each tool call', async () => {
    const company = await t.createCompany();
    const admin = await t.createUser({ company, role: 'admin' });
    // Signing in is not an authenticated request: the limit is all the MCP's.
    const token = await t.signIn(admin.email);
    const post = (body: unknown) => t.call('POST', '/mcp?toolsets=account', { token, body, headers });

    const first = await post(call(1, 'getMe', {}));
    expect(first.status).toBe(200);
    expect(first.body.result.structuredContent.user.id).toBe(admin.id);
    expect(first.headers.get('ratelimit')).toContain('r=2');
    // Had the inner GET /users/me counted, this would be the fourth request of the minute.
    const second = await post(call(2, 'getMe', {}));
    expect(second.status).toBe(200);
    expect(second.body.result.isError).toBeFalsy();
    expect(second.headers.get('ratelimit')).toContain('r=1');
    // A batch of two tool calls counts two: one left, so it is refused.
    const batch = await post([call(3, 'getMe', {}), call(4, 'listMyCards', {})]);
    expect(batch.status).toBe(429);
    expect(batch.body.code).toBe('RATE_LIMITED');
  });

  it('counts every request of a batch, lists too (a batch of tools/list is that many lists’ work)', async () => {
    const company = await t.createCompany();
    const admin = await t.createUser({ company, role: 'admin' });
    const token = await t.signIn(admin.email);
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list', params: {} });
    const two = await t.call('POST', '/mcp?toolsets=account', { token, body: [list(1), list(2)], headers });
    expect(two.status).toBe(200);
    expect(two.headers.get('ratelimit')).toContain('r=1');
    const more = await t.call('POST', '/mcp?toolsets=account', { token, body: [list(3), list(4)], headers });
    expect(more.status).toBe(429);
  });

  it('refuses a message nested deeper than 64 levels with 400, not a crash', async () => {
    const company = await t.createCompany();
    const admin = await t.createUser({ company, role: 'admin' });
    const token = await t.signIn(admin.email);
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const response = await t.call('POST', '/mcp?toolsets=account', {
      token,
      rawBody: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"getMe","arguments":${deep}}}`,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(JSON.stringify(response.body.issues)).toContain('64 levels');
  });
});
