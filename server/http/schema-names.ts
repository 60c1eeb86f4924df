/**
 * One schema per published name. The contract names a schema once (`components/schemas/X`), but
 * `.openapi('X')` can be called on two different zod schemas: the generator then publishes the
 * first it meets and every route that uses the second is validated at run time by a schema the
 * contract does not show (how `MemberRefInput` once required `kind` in the contract and not on
 * `PUT /organization/teams/{id}/lead`). `assertOneSchemaPerName` walks every schema the routes
 * use and refuses to build the document when one name stands for two different schemas.
 */
import { getRefId, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';

type OpenAPIDefinitions = ConstructorParameters<typeof OpenApiGeneratorV31>[0][number];

type ZodLike = { _zod: { def: Record<string, unknown> } };

const isZod = (value: unknown): value is ZodLike =>
  typeof value === 'object' &&
  value !== null &&
  '_zod' in value &&
  typeof (value as ZodLike)._zod?.def === 'object' &&
  // Checks (`.min()`, `.regex()`…) carry `_zod` too; only schemas parse.
  typeof (value as { safeParse?: unknown }).safeParse === 'function';

/** Every zod schema reachable from `value` (route configs, shapes, unions, pipes, lazies…). */
function* reachable(value: unknown, seen: Set<unknown>): Generator<ZodLike> {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (isZod(value)) {
    yield value;
    const def = value._zod.def;
    for (const [key, inner] of Object.entries(def)) {
      if (key === 'checks') continue;
      if (key === 'getter' && typeof inner === 'function') yield* reachable((inner as () => unknown)(), seen);
      else yield* reachable(inner, seen);
    }
    return;
  }
  const items = Array.isArray(value) ? value : Object.values(value);
  for (const item of items) yield* reachable(item, seen);
}

/** Keywords that describe a schema without changing what it accepts. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated']);
const withoutAnnotations = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutAnnotations)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([key]) => !ANNOTATIONS.has(key))
            .map(([key, inner]) => [key, withoutAnnotations(inner)]),
        )
      : value;

/** What a name would publish, as the generator writes it, annotations aside (a use may add a description). */
function published(name: string, schema: ZodLike): string {
  const generator = new OpenApiGeneratorV31([{ type: 'schema', schema } as unknown as OpenAPIDefinitions]);
  const components = generator.generateComponents().components?.schemas ?? {};
  return JSON.stringify(withoutAnnotations(components[name] ?? components));
}

/** Throws when one published name belongs to two zod schemas that publish differently. */
export function assertOneSchemaPerName(definitions: readonly OpenAPIDefinitions[]): void {
  const byName = new Map<string, ZodLike[]>();
  const seen = new Set<unknown>();
  for (const definition of definitions) {
    for (const schema of reachable(definition, seen)) {
      const name = getRefId(schema as never);
      if (!name) continue;
      // `.optional()`, `.nullable()`… of a named schema carry its name too: the named one is inside.
      const def = schema._zod.def;
      if ('innerType' in def && isZod(def.innerType) && getRefId(def.innerType as never) === name) continue;
      const known = byName.get(name) ?? [];
      if (!known.includes(schema)) known.push(schema);
      byName.set(name, known);
    }
  }
  const clashes: string[] = [];
  for (const [name, schemas] of byName) {
    if (schemas.length < 2) continue;
    const shapes = new Set(schemas.map((schema) => published(name, schema)));
    if (shapes.size > 1) clashes.push(`${name} (${shapes.size} different schemas: ${[...shapes].join(' | ')})`);
  }
  if (clashes.length > 0) {
    throw new Error(
      `One name, two schemas: the contract would publish one and the server validate with another. Define each once and import it: ${clashes.join('; ')}`,
    );
  }
}
