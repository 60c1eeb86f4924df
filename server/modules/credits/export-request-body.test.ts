/**
 * The CSV exports over a real socket, sent with a request body a GET does not use (a client
 * library that always sends JSON, a proxy): every answer is complete — the whole file, or a clear
 * error — never a connection cut mid-stream.
 */
import { serve } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { appendGrants } from './ledger-fixtures.ts';

const t = useTestApp();

let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Answer = { status: number; complete: boolean; body: string; error?: string };

/** A GET with a body, over a fresh connection; `complete` is whether the response ended normally. */
function getWithBody(path: string, token: string, body: string): Promise<Answer> {
  return new Promise((resolve) => {
    const request = httpRequest(`http://127.0.0.1:${port}/api${path}`, {
      method: 'GET',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, complete: response.complete, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', (error) =>
        resolve({
          status: response.statusCode!,
          complete: false,
          body: Buffer.concat(chunks).toString(),
          error: error.message,
        }),
      );
    });
    request.on('error', (error) => resolve({ status: 0, complete: false, body: '', error: error.message }));
    request.end(body);
  });
}

const BODIES = ['{not json', '[{}]', '123', JSON.stringify({ padding: 'x'.repeat(900_000) })];

describe('CSV exports sent with a request body', () => {
  it('refuse a body past the 1 MiB limit with a complete 413', async () => {
    const org = await t.createOrg();
    await appendGrants(t, org.company.id, 3_000);
    for (let round = 0; round < 10; round++) {
      const answer = await getWithBody(
        '/subscriptions/credits/transactions/export',
        org.adminToken,
        'x'.repeat(8_000_000),
      );
      expect({ round, status: answer.status, complete: answer.complete, error: answer.error }).toEqual({
        round,
        status: 413,
        complete: true,
        error: undefined,
      });
      expect(JSON.parse(answer.body).code).toBe('PAYLOAD_TOO_LARGE');
    }
  });

  it('answer the whole credit ledger export every time', async () => {
    const org = await t.createOrg();
    await appendGrants(t, org.company.id, 3_000);
    const whole = await getWithBody('/subscriptions/credits/transactions/export', org.adminToken, '');
    expect(whole.status).toBe(200);
    const lines = whole.body.split('\r\n').length;
    expect(lines).toBeGreaterThan(3_000);
    for (let round = 0; round < 20; round++) {
      const body = BODIES[round % BODIES.length]!;
      const answer = await getWithBody('/subscriptions/credits/transactions/export', org.adminToken, body);
      expect({ round, status: answer.status, complete: answer.complete, error: answer.error }).toEqual({
        round,
        status: 200,
        complete: true,
        error: undefined,
      });
      expect(answer.body.split('\r\n').length, `round ${round}`).toBe(lines);
    }
  });

  it('answer the whole newsletter export every time', async () => {
    const org = await t.createOrg();
    await t.ctx.db.insert(newsletterSubscribers).values(
      Array.from({ length: 2_000 }, (_, n) => ({
        companyId: org.company.id,
        email: `reader-${n}@test.example`,
        status: 'confirmed' as const,
      })),
    );
    const whole = await getWithBody('/newsletter-subscribers/export', org.adminToken, '');
    expect(whole.status, whole.body).toBe(200);
    const lines = whole.body.split('\r\n').length;
    for (let round = 0; round < 20; round++) {
      const answer = await getWithBody(
        '/newsletter-subscribers/export',
        org.adminToken,
        BODIES[round % BODIES.length]!,
      );
      expect({ round, status: answer.status, complete: answer.complete, error: answer.error }).toEqual({
        round,
        status: 200,
        complete: true,
        error: undefined,
      });
      expect(answer.body.split('\r\n').length, `round ${round}`).toBe(lines);
    }
  });
});
