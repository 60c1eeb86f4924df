/**
 * What the built-in assistant understands: a handful of request shapes, recognised by words and
 * phrases. Anything else is `unknown`, and the assistant says what it can do instead of guessing.
 */

export type Intent =
  | { kind: 'help' }
  | { kind: 'search'; query: string }
  | { kind: 'blocked'; board: string | null }
  | { kind: 'triage'; board: string | null }
  | { kind: 'summary'; board: string | null }
  | { kind: 'unknown' };

/** Lower case, accents and typographic quotes removed, spaces collapsed: how names are compared. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[“”„«»"]/g, '"')
    .replace(/[‘’`]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const QUOTES = `"'“”‘’«»`;
const trimQuotes = (text: string) =>
  text.replace(new RegExp(`^[\\s${QUOTES}]+|[\\s${QUOTES}?.!,;:]+$`, 'g'), '').trim();

const SEARCH_VERB =
  /^\s*(?:(?:please|can you|could you|would you)\s+)?(?:find|search(?:\s+for)?|look\s+(?:for|up)|where\s+is|where\s+are|show\s+me)\s+(.+)$/is;
const BLOCKED = /\bblock(?:ed|ers?|ing)\b|\bstuck\b/i;
const BLOCKED_PHRASE =
  /\bblocked\s+(?:cards?|items?|tasks?|work)\b|\bwhat(?:'s|’s|\s+is|\s+are)\s+blocked\b|\bblockers\b/i;
const TRIAGE = /\btriage\b|\bneeds?\s+(?:my\s+|our\s+|your\s+)?attention\b/i;
const SUMMARY = /\bsummar(?:ise|ize|y)\b|\boverview\b|\bstatus\s+(?:of|on)\b|\bhow\s+is\b|\bhow's\b/i;
const HELP = /^\s*(?:help|\?|what can you do|what do you do|commands?)\b|\bhelp me\b|\bwhat can you\b/i;

/**
 * The board a request names: the words after its last "on / in / for / of" (without "the", the
 * word "board" and quotes), or a quoted name anywhere. Null when it names none.
 */
export function boardPhrase(text: string): string | null {
  // Apostrophes are no quotes: "what's blocked on Café's board".
  const quoted = text.match(/"([^"]{2,})"|“([^”]{2,})”|‘([^’]{2,})’|«([^»]{2,})»/);
  const inQuotes = quoted?.slice(1).find((group) => group !== undefined);
  if (inQuotes) return trimQuotes(inQuotes);
  const matches = [...text.matchAll(/\b(?:on|in|for|of|from|about)\s+(?:the\s+)?(?:board\s+)?(.+?)$/gis)];
  for (const match of matches.reverse()) {
    const phrase = trimQuotes(match[1]!.replace(/\s+board\s*[?.!]*\s*$/i, ''));
    // "the state of things" or "on it" name no board.
    if (phrase && !/^(?:it|this|that|them|here|there|everything|things|the board|me)$/i.test(phrase)) return phrase;
  }
  return null;
}

export function parseIntent(text: string): Intent {
  const clean = text.trim();
  if (!clean) return { kind: 'unknown' };
  const search = clean.match(SEARCH_VERB);
  if (search && !BLOCKED_PHRASE.test(clean)) {
    const query = trimQuotes(search[1]!);
    if (query) return { kind: 'search', query };
  }
  if (TRIAGE.test(clean)) return { kind: 'triage', board: boardPhrase(clean) };
  if (BLOCKED.test(clean)) return { kind: 'blocked', board: boardPhrase(clean) };
  if (SUMMARY.test(clean)) return { kind: 'summary', board: boardPhrase(clean) };
  if (HELP.test(clean)) return { kind: 'help' };
  return { kind: 'unknown' };
}

/**
 * The board a request means, among those the agent can see: one whose whole name appears in the
 * text (the longest such name), else the only one whose name contains the phrase. Null when none
 * or several fit.
 */
export function matchBoard<T extends { name: string }>(text: string, phrase: string | null, boards: T[]): T | null {
  const folded = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const named = boards
    .filter((board) => {
      const name = fold(board.name)
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
      return name.length > 0 && folded.includes(` ${name} `);
    })
    .sort((a, b) => b.name.length - a.name.length);
  if (named.length > 0) return named[0]!;
  if (!phrase) return null;
  const wanted = fold(phrase);
  const containing = boards.filter((board) => fold(board.name).includes(wanted));
  return containing.length === 1 ? containing[0]! : null;
}
