/**
 * Field-level edit checks for records people edit together (cards first): a record carries a
 * `version`, raised by every stored edit, and, per field, the version that last changed it and who
 * made that change (`by`: a principal and, from the web app, its tab). An edit names the version it
 * was made on (`baseVersion`); it is refused when a field it changes was changed since by someone
 * else, and applied otherwise. So Ada's title and Max's due date made on the same version are both
 * kept, while two changes of one title are never silently one lost.
 */
import type { Principal } from '../types.ts';

export type FieldVersions = Record<string, { version: number; by: string }>;

/** Who made a change, for telling one's own earlier saves from someone else's: principal and tab. */
export function editorOf(actor: { principal: Principal; clientId?: string }): string {
  const { principal, clientId } = actor;
  const who = principal.agent ? `agent:${principal.agent.id}` : `user:${principal.user.id}`;
  return clientId ? `${who}/${clientId}` : who;
}

/**
 * The fields among `changed` (those whose value the edit changes) that someone other than `by`
 * changed after `baseVersion`; empty when the edit may be stored. No base: nothing is checked.
 */
export function conflictingFields(
  fieldVersions: FieldVersions,
  changed: readonly string[],
  baseVersion: number | undefined,
  by: string,
): string[] {
  if (baseVersion === undefined) return [];
  return changed.filter((field) => {
    const last = fieldVersions[field];
    return last !== undefined && last.version > baseVersion && last.by !== by;
  });
}

/** The field versions after an edit stored as `version` that changed `changed`. */
export function nextFieldVersions(
  fieldVersions: FieldVersions,
  changed: readonly string[],
  version: number,
  by: string,
): FieldVersions {
  const next = { ...fieldVersions };
  for (const field of changed) next[field] = { version, by };
  return next;
}
