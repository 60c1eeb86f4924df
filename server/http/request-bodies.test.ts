/**
 * Every operation with a JSON body, walked from the published contract: for each required
 * property a body without it, and for each property a body where it has the wrong type. Each
 * must be refused with 400 `VALIDATION_ERROR` in the envelope, its `issues` naming the property at
 * `body` — so the server refuses what the contract says it refuses, field by field. The bodies
 * are invalid, so nothing is written; the caller is the admin of a scratch company.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

type Json = Record<string, any>;
const contract = JSON.parse(readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8')) as Json;
const schemas = contract.components.schemas as Record<string, Json>;
const resolve = (schema: Json | undefined): Json | undefined =>
  schema?.$ref ? resolve(schemas[String(schema.$ref).split('/').pop()!]) : schema;

/** Operations whose JSON body is not a plain object of named fields, and why they are not walked here. */
const NOT_WALKED: Record<string, string> = {
  callMcp: 'a JSON-RPC message or batch; its refusals are JSON-RPC errors, tested in mcp.test.ts',
};

type Walked = { operationId: string; method: string; path: string; schema: Json; public: boolean };
const operations: Walked[] = [];
for (const [template, item] of Object.entries<Json>(contract.paths)) {
  for (const [method, operation] of Object.entries<Json>(item)) {
    const schema = resolve(operation.requestBody?.content?.['application/json']?.schema);
    if (!schema || NOT_WALKED[operation.operationId]) continue;
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const parameter = (operation.parameters as Json[] | undefined)?.find((p) => p.in === 'path' && p.name === name);
      const enumeration = resolve(parameter?.schema)?.enum as string[] | undefined;
      return enumeration?.[0] ?? randomUUID();
    });
    operations.push({
      operationId: operation.operationId,
      method: method.toUpperCase(),
      path,
      schema,
      public: Array.isArray(operation.security) && operation.security.length === 0,
    });
  }
}

/** The JSON types a property's schema admits (every type when it says nothing). */
function admittedTypes(schema: Json | undefined): Set<string> | 'any' {
  const resolved = resolve(schema);
  if (!resolved) return 'any';
  const alternatives = (resolved.anyOf ?? resolved.oneOf) as Json[] | undefined;
  if (alternatives) {
    const types = new Set<string>();
    for (const alternative of alternatives) {
      const inner = admittedTypes(alternative);
      if (inner === 'any') return 'any';
      inner.forEach((type) => types.add(type));
    }
    return types;
  }
  if (resolved.const !== undefined) return new Set([jsonType(resolved.const)]);
  if (Array.isArray(resolved.enum)) return new Set((resolved.enum as unknown[]).map(jsonType));
  if (resolved.type === undefined) return 'any';
  const types = new Set<string>([resolved.type].flat() as string[]);
  if (types.has('integer')) types.add('number');
  return types;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'number' ? 'number' : typeof value;
}

/** A value of a type the property does not take, or undefined when it takes every type. */
function wrongValue(schema: Json | undefined): unknown {
  const types = admittedTypes(schema);
  if (types === 'any') return undefined;
  const candidates: unknown[] = [12345, 'not-the-right-type', true, ['x'], { x: 1 }];
  return candidates.find((candidate) => !types.has(jsonType(candidate)));
}

const t = useTestApp();

describe('request bodies as the contract describes them', () => {
  it('walks every operation with a JSON body (nothing silently left out)', () => {
    expect(operations.length).toBeGreaterThan(50);
    const names = operations.map((op) => op.operationId);
    for (const expected of ['createCard', 'moveCard', 'updateWikiPage', 'setTeamLead', 'createAgent', 'signUp']) {
      expect(names).toContain(expected);
    }
  });

  it('refuses each required property left out, and each property of the wrong type, with 400 naming it', async () => {
    const org = await t.createOrg();
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations) {
      const properties = (op.schema.properties ?? {}) as Record<string, Json>;
      const required = (op.schema.required ?? []) as string[];
      const cases: { label: string; field: string; body: Json }[] = [];
      for (const field of required) cases.push({ label: `without ${field}`, field, body: {} });
      for (const [field, schema] of Object.entries(properties)) {
        const value = wrongValue(schema);
        if (value !== undefined)
          cases.push({ label: `${field}: ${JSON.stringify(value)}`, field, body: { [field]: value } });
      }
      for (const { label, field, body } of cases) {
        checked++;
        const response = await t.call(op.method, op.path, { token: op.public ? undefined : org.adminToken, body });
        const issues = (response.body?.issues ?? []) as { location: string; path: string }[];
        const named = issues.some(
          (issue) => issue.location === 'body' && (issue.path === field || issue.path.startsWith(`${field}.`)),
        );
        if (
          response.status !== 400 ||
          response.body?.code !== 'VALIDATION_ERROR' ||
          typeof response.body?.error !== 'string' ||
          !named
        ) {
          failures.push(
            `${op.operationId} ${label} → ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });
});
