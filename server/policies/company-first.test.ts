/**
 * The company check comes first, for every operation: a signed-in user without a company is told
 * 404 by every operation on company data — never 403 (which would say the thing exists and is
 * only refused) and never 400 for a body that is otherwise valid. The operations are walked from
 * the contract, each called with a body built from its own request schema, so a new operation
 * fails here until it either answers 404 or is listed below with the reason it needs no company.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import contract from '../../contract/openapi.json' with { type: 'json' };
import { useTestApp } from '../test/harness.ts';

const t = useTestApp();

/** Operations a user without a company may call, each with why. */
const NO_COMPANY_NEEDED: Record<string, string> = {
  signOut: 'the caller’s own session (and it ends the session this walk uses)',
  getMe: 'the caller’s own account: it says they have no company',
  updateMe: 'the caller’s own account',
  deleteMe: 'the caller’s own account (and it ends the session this walk uses)',
  createCompany: 'how a user without a company gets one',
  acceptInvitation: 'how a user without a company joins one',
  getSupportToken: 'the support widget’s token names the caller’s own account',
  listApiKeys: 'the caller’s own keys (none without a company)',
  revokeApiKey: 'the caller’s own keys',
  createApiKey:
    'the key list is the caller’s own, which they see; creating a key is an admin permission, so 403 like for a member',
  listIntegrationProviders: 'the catalogue of providers the server offers, the same for everyone',
  listPlans: 'the catalogue of plans, the same for everyone',
  previewSchedule: 'a pure function of the expression it is given: reads no company data',
  callMcp:
    'the transport: listing tools reads nothing; each tool call is its own operation and answers as that operation does',
};

/** What the schema alone cannot say (a value's own syntax, a transport's headers). */
const REQUEST: Record<
  string,
  { query?: Record<string, string>; path?: Record<string, string>; headers?: Record<string, string>; body?: unknown }
> = {
  previewSchedule: { query: { expression: '0 9 * * 1-5' } },
  getCreditCheckout: { path: { checkoutId: 'cs_test_nomad' } },
  updateWikiPage: { body: { title: 'Renamed', baseRevisionId: randomUUID() } },
  markNotificationsRead: { body: { before: new Date().toISOString() } },
  callMcp: {
    headers: { accept: 'application/json, text/event-stream' },
    body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  },
};

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Operation = {
  operationId: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

const doc = contract as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema): Schema {
  if (!schema.$ref) return schema;
  return resolve(doc.components.schemas[schema.$ref.split('/').pop()!]!);
}

/** A value the schema accepts, with only what it requires. */
function sample(input: Schema): unknown {
  const schema = resolve(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part) => sample(part) as object));
  const choice = schema.oneOf ?? schema.anyOf;
  if (choice) return sample(choice.find((option) => resolve(option).type !== 'null') ?? choice[0]!);
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      // Without required fields, one field: a change must change something.
      const keys = schema.required?.length ? schema.required : Object.keys(schema.properties ?? {}).slice(0, 1);
      return Object.fromEntries(keys.map((key) => [key, sample(schema.properties?.[key] ?? {})]));
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items ?? {}));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'someone@test.example';
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'uri') return 'https://example.com/hook';
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    default:
      return {};
  }
}

const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
    .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
);
const withSession = operations.filter(({ operation }) =>
  (operation.security ?? []).some((scheme) => 'bearerAuth' in scheme),
);

describe('the company check comes first', () => {
  it('lists only operations of the contract as needing no company', () => {
    const ids = new Set(withSession.map(({ operation }) => operation.operationId));
    expect(Object.keys(NO_COMPANY_NEEDED).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('answers 404 to a user without a company for every operation on company data', async () => {
    const nomad = await t.createUser();
    const token = await t.signIn(nomad.email);
    const wrong: string[] = [];
    for (const { path, method, operation } of withSession) {
      if (operation.operationId in NO_COMPANY_NEEDED) continue;
      const extra = REQUEST[operation.operationId] ?? {};
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        if (extra.path?.[name]) return extra.path[name];
        const param = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
        return encodeURIComponent(String(sample(param?.schema ?? { type: 'string', format: 'uuid' })));
      });
      const query = new URLSearchParams();
      for (const param of operation.parameters ?? []) {
        if (param.in === 'query' && param.required) query.set(param.name, String(sample(param.schema ?? {})));
      }
      for (const [name, value] of Object.entries(extra.query ?? {})) query.set(name, value);
      const json = operation.requestBody?.content['application/json'];
      const response = await t.call(method, `${url}${query.size ? `?${query}` : ''}`, {
        token,
        ...(extra.headers ? { headers: extra.headers } : {}),
        ...(extra.body !== undefined ? { body: extra.body } : json ? { body: sample(json.schema) } : {}),
      });
      if (response.status !== 404) {
        wrong.push(`${operation.operationId} ${method} ${path}: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
