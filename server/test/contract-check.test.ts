import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ContractViolation, type Exchange, holdToContract, judge, takeViolations } from './contract-check.ts';

const projectId = '6f1c1b34-7c55-4c51-9f4e-0c6f4f7a2b10';
const cardId = '0b2f8f4e-2d0a-4a57-8f5e-4d8c9e0c1a22';
const columnId = '3a9d2c1e-5b6f-4e7a-9c8d-1f2e3d4c5b6a';
const card = {
  id: cardId,
  version: 1,
  title: 'Write the release notes',
  description: '',
  column: columnId,
  priority: 'medium',
  labels: [],
  checklist: [],
  archived: false,
  comments: [],
  createdAt: '2026-12-02T07:00:00.000Z',
  updatedAt: '2026-12-02T07:00:00.000Z',
};

function exchange(overrides: Partial<Exchange>): Exchange {
  return {
    method: 'GET',
    path: `/projects/${projectId}/cards/${cardId}`,
    requestContentType: null,
    requestBody: undefined,
    status: 200,
    responseContentType: 'application/json',
    responseBody: '{}',
    ...overrides,
  };
}

describe('judge: an exchange against contract/openapi.json', () => {
  it('finds nothing wrong with an error envelope for a documented status', () => {
    const body = JSON.stringify({ error: 'Card not found', code: 'NOT_FOUND' });
    expect(judge(exchange({ status: 404, responseBody: body }))).toEqual([]);
  });

  it('refuses a status the operation does not document', () => {
    const body = JSON.stringify({ error: 'Teapot', code: 'TEAPOT' });
    const problems = judge(exchange({ status: 418, responseBody: body }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/status 418 is not documented for getCard/);
  });

  it('refuses a body that departs from the schema of its status, naming the field', () => {
    const problems = judge(exchange({ responseBody: JSON.stringify({ ...card, title: 42 }) }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/departs from getCard \(GET .*\)'s 200 schema/);
    expect(problems[0]).toMatch(/\/title must be string/);
  });

  it('refuses an error that is not the envelope', () => {
    const problems = judge(exchange({ status: 404, responseBody: JSON.stringify({ message: 'gone' }) }));
    expect(problems[0]).toMatch(/departs from getCard \(GET .*\)'s 404 schema/);
  });

  it('refuses an answer with a body where the contract documents none', () => {
    const problems = judge(
      exchange({
        method: 'DELETE',
        path: `/content-items/${cardId}`,
        status: 204,
        responseBody: '{"deleted":true}',
        responseContentType: 'application/json',
      }),
    );
    expect(problems[0]).toMatch(/documents no body for 204/);
  });

  it('refuses a body the server accepted although the request schema refuses it', () => {
    const problems = judge(
      exchange({
        method: 'POST',
        path: `/projects/${projectId}/cards`,
        requestContentType: 'application/json',
        requestBody: JSON.stringify({ title: 'x', surprise: true }),
        status: 201,
        responseBody: '{}',
      }),
    );
    expect(
      problems.some((problem) => /createCard \(POST .*\) accepted a body its request schema refuses/.test(problem)),
    ).toBe(true);
  });

  it('leaves paths outside the contract alone unless they answer an error that is not the envelope', () => {
    expect(
      judge(exchange({ path: '/nowhere', status: 404, responseBody: '{"error":"Not found","code":"NOT_FOUND"}' })),
    ).toEqual([]);
    expect(judge(exchange({ path: '/nowhere', status: 404, responseBody: '{"oops":1}' }))).toHaveLength(1);
  });
});

describe('holdToContract: every answer of a wrapped app', () => {
  it('throws a ContractViolation from the call whose answer departs, and remembers it for afterEach', async () => {
    const app = holdToContract(
      new Hono().get('/api/projects/:projectId/cards/:cardId', (c) => c.json({ ...card, labels: 'none' })),
    );
    await expect(app.request(`/api/projects/${projectId}/cards/${cardId}`)).rejects.toBeInstanceOf(ContractViolation);
    const remembered = takeViolations();
    expect(remembered).toHaveLength(1);
    expect(remembered[0]).toMatch(/\/labels must be array/);
  });

  it('lets a conforming answer through untouched', async () => {
    const app = holdToContract(new Hono().get('/api/projects/:projectId/cards/:cardId', (c) => c.json(card)));
    const response = await app.request(`/api/projects/${projectId}/cards/${cardId}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(card);
    expect(takeViolations()).toEqual([]);
  });
});
