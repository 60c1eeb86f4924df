import type { Principal } from '../../types.ts';
import { invalidField } from '../../http/errors.ts';
import { assertCan } from '../../policies/index.ts';

type StoredComment = {
  parentId: string | null;
  authorUserId: string | null;
  text: string;
  resolvedAt: Date | null;
};

/**
 * The columns an edit of a comment writes, for card and wiki threads alike: new `text` only from
 * its author (403 otherwise; `editedAt` set when it changed), `resolved` from anyone, on a thread's
 * root only (400 on a reply). An empty result means nothing changes.
 */
export function commentChanges(
  principal: Principal,
  companyId: string,
  current: StoredComment,
  changes: { text?: string; resolved?: boolean },
): { text?: string; editedAt?: Date; resolvedAt?: Date | null } {
  const fields: { text?: string; editedAt?: Date; resolvedAt?: Date | null } = {};
  if (changes.text !== undefined) {
    assertCan(principal, 'editComment', { companyId, authorUserId: current.authorUserId });
    if (changes.text !== current.text) Object.assign(fields, { text: changes.text, editedAt: new Date() });
  }
  if (changes.resolved !== undefined) {
    if (current.parentId !== null)
      throw invalidField('resolved', 'only a thread’s first comment can be resolved or reopened');
    fields.resolvedAt = changes.resolved ? (current.resolvedAt ?? new Date()) : null;
  }
  return fields;
}
