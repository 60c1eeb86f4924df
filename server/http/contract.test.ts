import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';

const t = useTestApp();
const contract = JSON.parse(readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8'));

type Operation = {
  method: string;
  path: string;
  access: string;
  agents: unknown;
  public: boolean;
  operationId: unknown;
  /** A content API operation (`x-content-key`): opened by a content key (`cak_…`) only. */
  contentKey: boolean;
  security: unknown;
};
const operations: Operation[] = Object.entries(
  contract.paths as Record<string, Record<string, Record<string, unknown>>>,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    access: operation['x-service-api-key'] as string,
    agents: operation['x-service-agent-token'],
    public: operation['x-public'] === true,
    operationId: operation.operationId,
    contentKey: operation['x-content-key'] === true,
    security: operation.security,
  })),
);
/** A concrete URL for an operation: every `{param}` becomes a fresh UUID. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, () => crypto.randomUUID());

describe('the contract', () => {
  it('is served at /api/openapi.json exactly as committed, with version 0.1.0', async () => {
    const response = await t.call('GET', '/openapi.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(contract);
    expect(contract.info.version).toBe('0.1.0');
  });

  it('gives every operation an x-service-api-key of read, write or forbidden; only GETs are open to read keys', () => {
    expect(operations.length).toBeGreaterThan(5);
    for (const operation of operations) {
      expect(['read', 'write', 'forbidden'], `${operation.method} ${operation.path}`).toContain(operation.access);
      // POST /mcp is open to read keys: each tool it calls is the operation itself, with its own scope.
      if (operation.access === 'read' && !operation.public && operation.operationId !== 'callMcp') {
        expect(operation.method).toBe('GET');
      }
    }
  });

  it('names every operation with a unique camelCase operationId (the SDK and MCP tools are named from them)', () => {
    for (const operation of operations) {
      expect(operation.operationId, `${operation.method} ${operation.path}`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
    }
    const ids = operations.map((operation) => operation.operationId);
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated, 'operationIds used more than once').toEqual([]);
  });

  it('marks API-key management, account deletion and sign-out forbidden to keys', () => {
    const access = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.access;
    expect(access('GET', '/users/api-keys')).toBe('forbidden');
    expect(access('POST', '/users/api-keys')).toBe('forbidden');
    expect(access('DELETE', '/users/api-keys/{keyId}')).toBe('forbidden');
    expect(access('DELETE', '/users/me')).toBe('forbidden');
  });
});

/** One company with a read key, a write key and an agent token, shared by the scope checks (they change nothing). */
const credentials = { read: '', write: '', agent: '' };
beforeAll(async () => {
  const org = await t.createOrg();
  credentials.read = (await t.createKey(org.adminToken, 'read')).secret;
  credentials.write = (await t.createKey(org.adminToken, 'write')).secret;
  const [bot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Scope bot' }).returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'scope' } });
  credentials.agent = minted.body.secret;
});

describe('key scope is enforced from each operation’s x-service-api-key', () => {
  const authenticated = operations.filter((operation) => !operation.public);

  it.each(authenticated.filter((o) => o.access === 'forbidden' && !o.contentKey).map((o) => [o.method, o.path]))(
    '%s %s answers 403 API_KEY_FORBIDDEN to a write key',
    async (method, path) => {
      const response = await t.call(method, urlOf(path), {
        token: credentials.write,
        body: method === 'GET' ? undefined : {},
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('API_KEY_FORBIDDEN');
    },
  );

  it.each(authenticated.filter((o) => o.access === 'write').map((o) => [o.method, o.path]))(
    '%s %s answers 403 API_KEY_READ_ONLY to a read key',
    async (method, path) => {
      const response = await t.call(method, urlOf(path), {
        token: credentials.read,
        body: method === 'GET' ? undefined : {},
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('API_KEY_READ_ONLY');
    },
  );

  it.each(authenticated.filter((o) => o.access === 'read').map((o) => [o.method, o.path]))(
    '%s %s is open to a read key',
    async (method, path) => {
      const response = await t.call(method, urlOf(path), { token: credentials.read });
      // Random ids may well be 404, and required query parameters missing (400); what the scope
      // check would answer (401, 403) or a server error may not be.
      expect(
        [401, 403].includes(response.status) || response.status >= 500,
        `${response.status} ${JSON.stringify(response.body)}`,
      ).toBe(false);
    },
  );

  it.each(authenticated.map((o) => [o.method, o.path]))('%s %s answers 401 without a token', async (method, path) => {
    const response = await t.call(method, urlOf(path), { body: method === 'GET' ? undefined : {} });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('UNAUTHORIZED');
  });
});

describe('agent tokens are enforced from each operation’s x-service-agent-token', () => {
  const authenticated = operations.filter((operation) => !operation.public);

  it('marks every authenticated operation true or false, and opens no admin or key-management operation to agents', () => {
    for (const operation of authenticated) {
      expect(typeof operation.agents, `${operation.method} ${operation.path}`).toBe('boolean');
      if (operation.access === 'forbidden')
        expect(operation.agents, `${operation.method} ${operation.path}`).toBe(false);
    }
    const open = (method: string, path: string) =>
      operations.find((o) => o.method === method && o.path === path)?.agents;
    expect(open('POST', '/agents')).toBe(false);
    expect(open('PUT', '/agents/{agentId}/status')).toBe(false);
    expect(open('GET', '/agents/{agentId}/events')).toBe(true);
    expect(open('PATCH', '/agents/{agentId}/sessions/{sessionId}/messages/{messageId}')).toBe(true);
  });

  it.each(authenticated.filter((o) => o.agents === false && !o.contentKey).map((o) => [o.method, o.path]))(
    '%s %s answers 403 AGENT_TOKEN_FORBIDDEN to an agent token',
    async (method, path) => {
      const response = await t.call(method, urlOf(path), {
        token: credentials.agent,
        body: method === 'GET' ? undefined : {},
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    },
  );

  it.each(authenticated.filter((o) => o.agents === true).map((o) => [o.method, o.path]))(
    '%s %s is open to an agent token',
    async (method, path) => {
      const response = await t.call(method, urlOf(path), {
        token: credentials.agent,
        body: method === 'GET' ? undefined : {},
      });
      // Random ids are 404 and empty bodies 400; the token check would answer 401 or 403.
      expect(
        [401, 403].includes(response.status) || response.status >= 500,
        `${response.status} ${JSON.stringify(response.body)}`,
      ).toBe(false);
    },
  );
});

describe('content API operations (x-content-key) open with a content key only', () => {
  const content = operations.filter((operation) => operation.contentKey);
  let contentKey = '';
  beforeAll(async () => {
    const org = await t.createOrg();
    const created = await t.call('POST', '/content-keys', { token: org.adminToken, body: { name: 'contract' } });
    contentKey = created.body.secret;
  });

  it('are the GETs under /content/, with the contentKeyAuth scheme, forbidden to API keys and agents', () => {
    expect(content.map((o) => o.operationId).sort()).toEqual(['getPublishedContent', 'listPublishedContent']);
    for (const operation of content) {
      expect(operation.method).toBe('GET');
      expect(operation.path.startsWith('/content/')).toBe(true);
      expect(operation.security).toEqual([{ contentKeyAuth: [] }]);
      expect(operation.access).toBe('forbidden');
      expect(operation.agents).toBe(false);
    }
    expect(contract.components.securitySchemes.contentKeyAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // No other operation lives under /content/ or uses the scheme.
    for (const operation of operations.filter((o) => !o.contentKey)) {
      expect(operation.path.startsWith('/content/'), operation.path).toBe(false);
      expect(JSON.stringify(operation.security ?? [])).not.toContain('contentKeyAuth');
    }
  });

  it.each(content.map((o) => [o.method, o.path]))(
    '%s %s answers 401 to API keys, agent tokens and sessions, and opens to a content key',
    async (method, path) => {
      for (const token of [credentials.read, credentials.write, credentials.agent]) {
        const response = await t.call(method, urlOf(path), { token });
        expect(response.status).toBe(401);
        expect(response.body.error).toContain('needs a content key (cak_…)');
      }
      const response = await t.call(method, urlOf(path), { token: contentKey });
      expect(
        [401, 403].includes(response.status) || response.status >= 500,
        `${response.status} ${JSON.stringify(response.body)}`,
      ).toBe(false);
    },
  );
});
