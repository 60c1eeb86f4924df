import { z } from '@hono/zod-openapi';
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { createApi } from '../app.ts';
import { assertOneSchemaPerName } from './schema-names.ts';

/** A registry with one route whose body holds both schemas, as two modules' routes would. */
function routeUsing(first: z.ZodType, second: z.ZodType) {
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'put',
    path: '/things/{id}',
    request: { body: { content: { 'application/json': { schema: z.object({ a: first, b: second.nullable() }) } } } },
    responses: { 204: { description: 'Done' } },
  });
  return registry.definitions;
}

describe('one schema per published name', () => {
  it('refuses two different schemas under one name, naming it', () => {
    const strict = z.object({ kind: z.enum(['human', 'agent']), id: z.uuid() }).openapi('MemberRefInput');
    const loose = z.object({ kind: z.enum(['human', 'agent']).optional(), id: z.uuid() }).openapi('MemberRefInput');
    expect(() => assertOneSchemaPerName(routeUsing(strict, loose))).toThrow(/One name, two schemas.*MemberRefInput/);
  });

  it('finds a clash deep inside arrays, unions and optional wrappers', () => {
    const a = z.object({ id: z.uuid() }).openapi('Ref');
    const b = z.object({ id: z.string() }).openapi('Ref');
    expect(() => assertOneSchemaPerName(routeUsing(z.array(z.union([a, z.null()])), b.optional()))).toThrow(/Ref/);
  });

  it('accepts one schema used twice, and a use that only adds a description', () => {
    const ref = z.object({ id: z.uuid(), name: z.string() }).openapi('PersonRef');
    expect(() => assertOneSchemaPerName(routeUsing(ref, ref))).not.toThrow();
    expect(() => assertOneSchemaPerName(routeUsing(ref, ref.openapi({ description: 'Who opened it' })))).not.toThrow();
  });

  it('holds for every route of the API (the document is built from exactly the schemas that validate)', () => {
    expect(() => assertOneSchemaPerName(createApi().openAPIRegistry.definitions)).not.toThrow();
  });
});
