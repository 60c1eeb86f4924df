/**
 * The edit check of the records people and agents edit together (projects, columns, teams, people,
 * agents, content items, schedules, connections; cards have their own, with the same rule): each
 * carries a `version` raised by every stored edit, and an edit may name the version it was made on
 * (`baseVersion`). A field the edit changes that someone else changed since is refused with 412
 * `EDIT_CONFLICT`, the fields and the record as it now is, and nothing is stored; changes of other
 * fields since are kept (server/lib/field-versions.ts). Without `baseVersion` an edit is applied as
 * it is, as before.
 */
import { z } from '@hono/zod-openapi';
import type { Principal } from '../types.ts';
import { conflictingFields, editorOf, type FieldVersions, nextFieldVersions } from '../lib/field-versions.ts';
import { ApiError, ErrorCode, invalidField } from './errors.ts';

/** The request field, for a PATCH body: `what` names the record ("project"). */
export const baseVersionField = (what: string) =>
  z
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({
      description: `The ${what}’s \`version\` this edit was made on. A field the edit changes that someone else changed since is refused (412 \`EDIT_CONFLICT\`, nothing stored); the other fields’ changes since are kept. Without it the edit is applied as it is.`,
    });

/** The response field: the record's version. */
export const versionField = (what: string) =>
  z
    .number()
    .int()
    .min(1)
    .openapi({ description: `Raised by every stored edit of the ${what}; send it back as \`baseVersion\`.` });

/** The 412 answer of an edit of `what`, with `current`, the record as it now is. */
export function editConflictSchema<T extends z.ZodTypeAny>(name: string, what: string, record: T) {
  return z
    .object({
      error: z.string(),
      code: z.literal('EDIT_CONFLICT'),
      fields: z
        .array(z.string())
        .openapi({ description: 'The fields of the request someone else changed since `baseVersion`.' }),
      current: record,
    })
    .openapi(name, {
      description: `412: a field the edit changes was changed by someone else since the edit’s \`baseVersion\`; \`current\` is the ${what} as it now is. Nothing was stored.`,
    });
}

/** The 412 response entry of an operation (for `responses`). */
export const editConflictResponse = (schema: z.ZodTypeAny) => ({
  412: {
    description:
      'A field the edit changes was changed by someone else since `baseVersion` (`EDIT_CONFLICT`): nothing was stored',
    content: { 'application/json': { schema } },
  },
});

/** The names among `fields` whose value in `changes` is given and differs from `current`'s. */
export function changedFields<T extends Record<string, unknown>>(
  current: T,
  changes: Partial<Record<keyof T, unknown>>,
  fields: readonly (keyof T & string)[],
): string[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  return fields.filter((field) => changes[field] !== undefined && !same(changes[field], current[field]));
}

/**
 * Checks an edit of a record locked for update: the version columns to store with it, or 412
 * `EDIT_CONFLICT` with the fields (their API names; the message says them in `words`, where a
 * field's name is not a word: `wipLimit` → "WIP limit") and `present()`, the record as it is now.
 */
export async function checkEdit(
  current: { version: number; fieldVersions: FieldVersions },
  changed: readonly string[],
  baseVersion: number | undefined,
  actor: { principal: Principal; clientId?: string },
  what: string,
  present: () => unknown,
  words: Record<string, string> = {},
): Promise<{ version: number; fieldVersions: FieldVersions }> {
  if (baseVersion !== undefined && baseVersion > current.version)
    throw invalidField('baseVersion', `is newer than the ${what}'s version (${current.version})`);
  const by = editorOf(actor);
  const conflicts = conflictingFields(current.fieldVersions, changed, baseVersion, by);
  if (conflicts.length > 0) {
    const named = conflicts.map((field) => words[field] ?? field);
    const list = named.length < 2 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named.at(-1)}`;
    throw new ApiError(
      412,
      `Someone else changed the ${list} of this ${what} since your version: nothing was stored`,
      ErrorCode.editConflict,
      { fields: conflicts, current: await present() },
    );
  }
  const version = current.version + 1;
  return { version, fieldVersions: nextFieldVersions(current.fieldVersions, changed, version, by) };
}
