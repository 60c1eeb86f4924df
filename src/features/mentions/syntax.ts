/**
 * The mention syntax the server reads (see the contract): `@[Display name](person:<user id>)` or
 * `@[Display name](agent:<agent id>)`, written in the text itself. The name is what the author saw
 * and is shown as written; the id is what counts.
 */
export type MentionKind = 'person' | 'agent';
export type Mention = { kind: MentionKind; id: string; name: string };

/** A run of a text: plain text, or a mention. */
export type MentionSegment = { type: 'text'; text: string } | ({ type: 'mention' } & Mention);

// The server's pattern (server/modules/notifications/mentions.ts): the same, or the chips and the
// notifications would disagree about what is a mention.
const MENTION = /@\[([^\]\n]{1,200})\]\((person|agent):([0-9a-fA-F-]{36})\)/g;

/** A name as it can stand between the brackets: no brackets or line breaks, at most 200 characters. */
function cleanName(name: string): string {
  const clean = name
    .replace(/[[\]\n\r]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return clean || 'someone';
}

/** The text of a mention of `name` (`kind` `id`). */
export function mentionSyntax(kind: MentionKind, id: string, name: string): string {
  return `@[${cleanName(name)}](${kind}:${id})`;
}

/** `text` cut into plain runs and mentions, in order (an empty text gives no runs). */
export function mentionSegments(text: string): MentionSegment[] {
  const segments: MentionSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(MENTION)) {
    const at = match.index;
    if (at > last) segments.push({ type: 'text', text: text.slice(last, at) });
    segments.push({
      type: 'mention',
      name: match[1]!,
      kind: match[2] as MentionKind,
      id: match[3]!.toLowerCase(),
    });
    last = at + match[0].length;
  }
  if (last < text.length) segments.push({ type: 'text', text: text.slice(last) });
  return segments;
}

/** Mentions written as plain text (`@Name`), for labels and previews. */
export function mentionsAsText(text: string): string {
  return text.replace(MENTION, (_all, name: string) => `@${name}`);
}

/**
 * The mention being typed at `caret`: an `@` at the start of a word (the text's start, or after a
 * space or an opening bracket or quote), then up to two words without `@`, brackets or line breaks.
 * `start` is the index of the `@`; `query` what follows it up to the caret.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[\s([{"'“‘])@([^\s@[\]()]{0,40}(?: [^\s@[\]()]{0,40})?)$/u.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}
