// @vitest-environment happy-dom
/**
 * The CommonMark 0.31.2 specification's examples through the wiki's Markdown layer: for each, the
 * HTML commonmark.js renders for the example and for what serialize(parse(example)) writes must be
 * the same (ignoring whitespace between block tags), and a second save must not change the text.
 * Raw-HTML examples are left out (the wiki treats HTML as text): those whose rendering changes
 * when commonmark.js is told to leave raw HTML out. The examples the layer does not keep are
 * listed below with the reason; corpus/README.md has the figures.
 */
import { HtmlRenderer, Parser } from 'commonmark';
import { tests } from 'commonmark-spec';
import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from './markdown';

/**
 * Examples whose rendering changes, and why (numbers of the specification). The first three groups
 * are constructs the schema does not have, or reads the other way (GFM): they are not counted in
 * the figure of examples "whose constructs the schema has". The others are losses.
 */
const NOT_IN_SCHEMA: Record<string, number[]> = {
  // The schema has one mark of each kind: emphasis inside emphasis of the same kind is one span.
  'nested emphasis of one kind': [
    369, 373, 389, 407, 408, 409, 417, 418, 419, 425, 426, 427, 432, 461, 463, 464, 465, 466, 468,
  ],
  // The layer reads GFM, where a bare URL or address is a link (CommonMark keeps it text).
  'GFM autolinks': [602, 608, 611, 612],
  // A link without text (`[](./x)`) has no text to hold its mark.
  'links without text': [484, 487],
};
const LOST: Record<string, number[]> = {
  // marked (the parser) reads link text with brackets nested two deep as text.
  'brackets nested two deep in link text': [512, 520, 528],
  // marked folds a reference label's case without Unicode's full case folding (ẞ and SS).
  'a Unicode case fold in a reference label': [540],
};

/** Examples whose text changes again on a second save (see the corpus README). */
const UNSTABLE: number[] = [];

const reader = new Parser();
const BLOCK_TAG = /\s*(<\/?(?:p|li|ul|ol|blockquote|h[1-6]|hr|pre|table|thead|tbody|tr|th|td|br)\b[^>]*>)\s*/g;

/** commonmark.js's HTML, whitespace outside <pre> collapsed and dropped around block tags. */
function html(markdown: string, safe = false): string {
  return new HtmlRenderer({ safe })
    .render(reader.parse(markdown))
    .split(/(<pre[\s\S]*?<\/pre>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/\s+/g, ' ').replace(BLOCK_TAG, '$1')))
    .join('')
    .trim();
}

const examples = tests.filter((example) => html(example.markdown) === html(example.markdown, true));
const results = examples.map((example) => {
  const once = serializeMarkdown(parseMarkdown(example.markdown));
  const twice = serializeMarkdown(parseMarkdown(once));
  return { number: example.number, kept: html(once) === html(example.markdown), stable: once === twice };
});

describe('CommonMark 0.31.2 examples', () => {
  it('measures the examples without raw HTML', () => {
    expect(tests).toHaveLength(652);
    expect(examples).toHaveLength(580);
  });

  it('keeps every example but the listed ones', () => {
    const lost = results.filter((result) => !result.kept).map((result) => result.number);
    expect(lost).toEqual([...Object.values(NOT_IN_SCHEMA), ...Object.values(LOST)].flat().sort((a, b) => a - b));
    // 551 of 580 (95.0 %), and 551 of the 555 whose constructs the schema has (99.3 %): corpus README.
    expect(results.length - lost.length).toBe(551);
    expect(results.length - Object.values(NOT_IN_SCHEMA).flat().length).toBe(555);
  });

  it('writes the same text on a second save', () => {
    expect(results.filter((result) => !result.stable).map((result) => result.number)).toEqual(UNSTABLE);
  });
});
