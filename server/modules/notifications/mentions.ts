/**
 * Mentions in comment and message bodies. A mention is written in the text itself, structurally:
 * `@[Display name](person:<user id>)` or `@[Display name](agent:<agent id>)` (Markdown's link
 * shape after an `@`). The name is what the author saw and is shown as written; the id is what
 * counts. Every id must be a person or agent of the author's company: anything else is 400.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agents, users } from '../../db/schema.ts';
import { invalidField } from '../../http/errors.ts';

export type MentionKind = 'person' | 'agent';
export type Mention = { kind: MentionKind; id: string; name: string };

/** At most this many distinct mentions in one body. */
export const MENTIONS_MAX = 20;

const MENTION = /@\[([^\]\n]{1,200})\]\((person|agent):([0-9a-fA-F-]{36})\)/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The distinct mentions of `text`, in order of first appearance (ids lower-cased). */
export function parseMentions(text: string): Mention[] {
  const found = new Map<string, Mention>();
  for (const match of text.matchAll(MENTION)) {
    const kind = match[2] as MentionKind;
    const id = match[3]!.toLowerCase();
    const key = `${kind}:${id}`;
    if (!found.has(key)) found.set(key, { kind, id, name: match[1]! });
  }
  return [...found.values()];
}

/**
 * The mentions of `text`, checked: each must name a person (a user of the company) or an agent of
 * the company. 400 `VALIDATION_ERROR` on `field` otherwise (malformed id, someone outside the
 * company, an unknown id, more than MENTIONS_MAX).
 */
export async function checkMentions(db: Executor, companyId: string, text: string, field = 'text'): Promise<Mention[]> {
  const mentions = parseMentions(text);
  if (mentions.length === 0) return mentions;
  if (mentions.length > MENTIONS_MAX) throw invalidField(field, `mentions at most ${MENTIONS_MAX} people and agents`);
  const bad = mentions.find((mention) => !UUID.test(mention.id));
  if (bad) throw invalidField(field, `mentions "${bad.name}" with a malformed id`);
  const personIds = mentions.filter((m) => m.kind === 'person').map((m) => m.id);
  const agentIds = mentions.filter((m) => m.kind === 'agent').map((m) => m.id);
  // One after the other: `db` may be a transaction.
  const people = personIds.length
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), inArray(users.id, personIds)))
    : [];
  const bots = agentIds.length
    ? await db
        .select({ id: agents.id })
        .from(agents)
        .where(and(eq(agents.companyId, companyId), inArray(agents.id, agentIds)))
    : [];
  const known = new Set([...people.map((row) => `person:${row.id}`), ...bots.map((row) => `agent:${row.id}`)]);
  const unknown = mentions.find((mention) => !known.has(`${mention.kind}:${mention.id}`));
  if (unknown) {
    throw invalidField(
      field,
      `mentions "${unknown.name}", who is not ${unknown.kind === 'person' ? 'a member' : 'an agent'} of this company`,
    );
  }
  return mentions;
}

/** Mentions written as plain text (`@Name`) for snippets and mail: the structure removed. */
export function mentionsAsText(text: string): string {
  return text.replace(MENTION, (_all, name: string) => `@${name}`);
}
