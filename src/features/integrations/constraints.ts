/**
 * A grant's constraints as people type them: JSON text checked as they type, with the line and
 * column of the first mistake (the browsers' own JSON.parse messages differ, and most name no
 * line), and shown back as a readable list.
 */

/** Text that reads as a JSON object, or why not. Blank text is no constraints: `{}`. */
export type ParsedConstraints = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

type Failure = { at: number; message: string };

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where the first syntax error of `text` as JSON is, or null when it is valid JSON. */
function firstSyntaxError(text: string): Failure | null {
  let i = 0;
  const fail = (message: string, at = i): never => {
    throw { at, message } satisfies Failure;
  };
  const unexpected = (expected: string): never =>
    i >= text.length
      ? fail(`Unexpected end of input: expected ${expected}`)
      : fail(`Unexpected token “${text[i]}”: expected ${expected}`);
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };

  const string = () => {
    const start = i;
    i++;
    while (i < text.length) {
      const char = text[i]!;
      if (char === '"') {
        i++;
        return;
      }
      if (char === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('Invalid \\u escape in a string');
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) {
          i += 2;
        } else {
          fail('Invalid escape in a string');
        }
      } else if (char < ' ') {
        fail(char === '\n' ? 'Unterminated string (a line break inside quotes)' : 'Control character in a string');
      } else {
        i++;
      }
    }
    fail('Unterminated string', start);
  };

  const value = (): void => {
    skipWhitespace();
    const char = text[i];
    if (char === '{') return object();
    if (char === '[') return array();
    if (char === '"') return string();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    NUMBER.lastIndex = i;
    if (char !== undefined && NUMBER.test(text)) {
      i = NUMBER.lastIndex;
      return;
    }
    unexpected('a value');
  };

  const object = () => {
    i++;
    skipWhitespace();
    if (text[i] === '}') {
      i++;
      return;
    }
    for (;;) {
      skipWhitespace();
      if (text[i] !== '"') unexpected('a property name in double quotes');
      string();
      skipWhitespace();
      if (text[i] !== ':') unexpected('“:”');
      i++;
      value();
      skipWhitespace();
      if (text[i] === '}') {
        i++;
        return;
      }
      if (text[i] !== ',') unexpected('“,” or “}”');
      const comma = i;
      i++;
      skipWhitespace();
      if (text[i] === '}') fail('Trailing comma before “}”', comma);
    }
  };

  const array = () => {
    i++;
    skipWhitespace();
    if (text[i] === ']') {
      i++;
      return;
    }
    for (;;) {
      value();
      skipWhitespace();
      if (text[i] === ']') {
        i++;
        return;
      }
      if (text[i] !== ',') unexpected('“,” or “]”');
      const comma = i;
      i++;
      skipWhitespace();
      if (text[i] === ']') fail('Trailing comma before “]”', comma);
    }
  };

  try {
    value();
    skipWhitespace();
    if (i < text.length) fail(`Unexpected token “${text[i]}” after the end of the JSON value`);
    return null;
  } catch (failure) {
    return failure as Failure;
  }
}

/** "Line 2, column 8" for an offset into `text`. */
function position(text: string, at: number): string {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  const column = at - (before.lastIndexOf('\n') + 1) + 1;
  return `Line ${line}, column ${column}`;
}

/** Reads the constraints text: a JSON object (blank: none), else a message naming the line. */
export function parseConstraints(text: string): ParsedConstraints {
  if (text.trim() === '') return { ok: true, value: {} };
  const failure = firstSyntaxError(text);
  if (failure) return { ok: false, message: `${position(text, failure.at)}: ${failure.message}` };
  // Valid JSON now; JSON.parse keeps a `__proto__` key as its own property, which the server
  // refuses by name: the value goes to the server as parsed, never copied.
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, message: 'Constraints must be a JSON object, like {"repositories": ["acme/web"]}' };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Constraints as the editor starts with them: pretty JSON, or blank for none. */
export function constraintsText(constraints: Record<string, unknown>): string {
  return Object.keys(constraints).length === 0 ? '' : JSON.stringify(constraints, null, 2);
}

/** One line of the readable view: a key and its value (text as is, anything nested as compact JSON). */
export type ConstraintEntry = { key: string; value: string };

export function constraintEntries(constraints: Record<string, unknown>): ConstraintEntry[] {
  return Object.entries(constraints).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}
