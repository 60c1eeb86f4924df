import { describe, expect, it } from 'vitest';
import { constraintEntries, constraintsText, parseConstraints } from './constraints';

const message = (text: string) => {
  const parsed = parseConstraints(text);
  return parsed.ok ? null : parsed.message;
};

describe('parseConstraints', () => {
  it('reads a JSON object, and blank text as no constraints', () => {
    expect(parseConstraints('{"repositories": ["acme/web"], "maxPerDay": 50}')).toEqual({
      ok: true,
      value: { repositories: ['acme/web'], maxPerDay: 50 },
    });
    expect(parseConstraints('  \n ')).toEqual({ ok: true, value: {} });
    expect(parseConstraints('{}')).toEqual({ ok: true, value: {} });
  });

  it('names the line and column of a syntax error', () => {
    expect(message('{\n  "a": x\n}')).toBe('Line 2, column 8: Unexpected token “x”: expected a value');
    expect(message('{\n  "a": 1\n  "b": 2\n}')).toBe('Line 3, column 3: Unexpected token “"”: expected “,” or “}”');
    expect(message('{\n  "a": 1,\n}')).toBe('Line 2, column 9: Trailing comma before “}”');
    expect(message('{"a": [1, 2,]}')).toBe('Line 1, column 12: Trailing comma before “]”');
    expect(message("{'a': 1}")).toBe(
      "Line 1, column 2: Unexpected token “'”: expected a property name in double quotes",
    );
    expect(message('{"a" 1}')).toBe('Line 1, column 6: Unexpected token “1”: expected “:”');
    expect(message('{"a": "unfinished}')).toBe('Line 1, column 7: Unterminated string');
    expect(message('{"a": "bad \\q"}')).toBe('Line 1, column 12: Invalid escape in a string');
    expect(message('{"a": 1} x')).toBe('Line 1, column 10: Unexpected token “x” after the end of the JSON value');
    expect(message('{"a": ')).toBe('Line 1, column 7: Unexpected end of input: expected a value');
    expect(message('{"a": 01}')).toBe('Line 1, column 8: Unexpected token “1”: expected “,” or “}”');
  });

  it('accepts every JSON value inside the object', () => {
    const text = '{"s": "a\\"b\\u00e9", "n": -1.5e3, "t": true, "f": false, "z": null, "o": {"x": [[], {}]}}';
    expect(parseConstraints(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[1, 2]', '"text"', '42', 'null']) {
      expect(message(text)).toMatch(/^Constraints must be a JSON object/);
    }
  });

  it('keeps a __proto__ key as the object’s own key, for the server to refuse by name', () => {
    const parsed = parseConstraints('{"__proto__": {"admin": true}}');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(Object.keys(parsed.value)).toEqual(['__proto__']);
    expect(JSON.stringify(parsed.value)).toBe('{"__proto__":{"admin":true}}');
  });
});

describe('the readable view', () => {
  it('lists each key with its value: text as is, the rest as compact JSON', () => {
    expect(
      constraintEntries({ branch: 'main', repositories: ['acme/web', 'acme/api'], maxPerDay: 50, nested: { a: 1 } }),
    ).toEqual([
      { key: 'branch', value: 'main' },
      { key: 'repositories', value: '["acme/web","acme/api"]' },
      { key: 'maxPerDay', value: '50' },
      { key: 'nested', value: '{"a":1}' },
    ]);
  });

  it('starts the editor with pretty JSON, or blank for none', () => {
    expect(constraintsText({})).toBe('');
    expect(constraintsText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
  });
});
