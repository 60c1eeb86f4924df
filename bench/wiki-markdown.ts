/**
 * Wiki Markdown parse and serialize times in Node, on a generated 50,000-word page.
 *
 * `wikiMarkdownBench()` returns (and prints) the median of several runs of
 * `parseMarkdown` (Markdown → ProseMirror JSON, chunked) and `serializeMarkdown` (JSON → Markdown)
 * from src/features/wiki/markdown, under happy-dom. `generateWikiDocument()` makes the page, the
 * same one for a given seed, for this benchmark and for the browser one.
 *
 * Run alone: `npx tsx bench/wiki-markdown.ts`.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { round } from './shared.ts';

const WORDS = (
  'the a plan launch team review budget owner customer release board card page draft week month ' +
  'quarter risk goal metric design build test ship feedback issue fix decision meeting notes agenda ' +
  'summary scope timeline milestone deliver support partner contract invoice report onboarding ' +
  'migration database server client browser editor comment thread search index cache latency ' +
  'throughput deploy rollback incident postmortem action item follow up owner deadline estimate'
).split(' ');

/** A small deterministic PRNG (mulberry32). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A realistic wiki page of about `words` words: sections with headings, paragraphs with bold,
 * italic, code and links, bullet, ordered and task lists (nested), tables, code blocks (some
 * keyed), quotes, and comment runs (some overlapping), in the wiki's normal form.
 */
export function generateWikiDocument(words = 50_000, seed = 1): string {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const phrase = (n: number) => {
    return Array.from({ length: n }, () => pick(WORDS)).join(' ');
  };
  const sentence = (n: number) => {
    const text = phrase(n);
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
  let threads = 0;

  const paragraph = () => {
    const parts = [sentence(8 + Math.floor(next() * 10))];
    const roll = next();
    if (roll < 0.2) {
      threads += 1;
      parts.push(`[comment id="${uuid(threads)}"]${sentence(6)}[/comment]`);
    } else if (roll < 0.25) {
      threads += 2;
      const [a, b] = [uuid(threads - 1), uuid(threads)];
      parts.push(
        `[comment id="${a}"]${phrase(3)} [/comment][comment id="${a} ${b}"]**${phrase(2)}**[/comment][comment id="${b}"] ${phrase(3)}[/comment]`,
      );
    }
    parts.push(`Some **${phrase(2)}** and *${phrase(2)}* with \`${pick(WORDS)}()\`.`);
    if (next() < 0.3) parts.push(`See [${phrase(2)}](https://example.com/${pick(WORDS)}/${pick(WORDS)}).`);
    parts.push(sentence(10 + Math.floor(next() * 12)));
    return parts.join(' ');
  };
  const bulletList = () =>
    Array.from({ length: 3 + Math.floor(next() * 3) }, () => {
      const item = `- ${sentence(6)}`;
      return next() < 0.4 ? `${item}\n  - ${sentence(5)}\n    - ${sentence(4)}` : item;
    }).join('\n');
  const orderedList = () => Array.from({ length: 4 }, (_, i) => `${i + 1}. ${sentence(7)}`).join('\n');
  const taskList = () => Array.from({ length: 4 }, () => `- [${next() < 0.5 ? 'x' : ' '}] ${sentence(5)}`).join('\n');
  const table = () => {
    const rows = Array.from({ length: 5 }, () => [phrase(2), `**${phrase(1)}**`, `\`${pick(WORDS)}\``]);
    const header = ['Item', 'Owner', 'Status'];
    const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
    const line = (cells: string[]) => `| ${cells.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`;
    return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
  };
  let keys = 0;
  const code = () => {
    const body = Array.from({ length: 6 }, (_, i) => `const ${pick(WORDS)}${i} = ${pick(WORDS)}(${i});`).join('\n');
    const keyed = next() < 0.2 ? `<!-- block:bench${(keys += 1)} -->\n` : '';
    return `${keyed}\`\`\`ts\n${body}\n\`\`\``;
  };

  const blocks: string[] = [];
  let section = 0;
  // Words as a reader counts them: whitespace-separated, outside the markup of comment runs.
  const counted = (block: string) =>
    block
      .replace(/\[comment id="[^"]*"\]|\[\/comment\]/g, '')
      .split(/\s+/)
      .filter(Boolean).length;
  let count = 0;
  let countedBlocks = 0;
  while (count < words) {
    section += 1;
    blocks.push(`## ${section}. ${sentence(4).slice(0, -1)}`);
    for (let i = 0; i < 4; i += 1) blocks.push(paragraph());
    const roll = next();
    if (roll < 0.3) blocks.push(bulletList());
    else if (roll < 0.5) blocks.push(orderedList());
    else if (roll < 0.65) blocks.push(taskList());
    if (next() < 0.3) blocks.push(table());
    if (next() < 0.25) blocks.push(code());
    if (next() < 0.15) blocks.push(`> ${sentence(14)}`);
    if (section % 10 === 0) blocks.push(`### ${sentence(3).slice(0, -1)}`, paragraph());
    for (; countedBlocks < blocks.length; countedBlocks += 1) count += counted(blocks[countedBlocks]!);
  }
  return `# ${sentence(5).slice(0, -1)}\n\n${blocks.join('\n\n')}\n`;
}

type MarkdownApi = {
  parseMarkdown: (markdown: string) => unknown;
  serializeMarkdown: (doc: never) => string;
};

/** Puts happy-dom's window on globalThis, as Tiptap expects a DOM (done once). */
async function installDom() {
  if ('document' in globalThis) return;
  const { Window } = await import('happy-dom');
  const window = new Window();
  Object.assign(globalThis, {
    window,
    document: window.document,
    navigator: window.navigator,
    DOMParser: window.DOMParser,
    Node: window.Node,
    Element: window.Element,
    HTMLElement: window.HTMLElement,
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export type WikiMarkdownResult = {
  words: number;
  bytes: number;
  parseMs: number;
  serializeMs: number;
  /** CPU time of this process for the same runs (medians): steadier than wall time on a busy machine. */
  parseCpuMs: number;
  serializeCpuMs: number;
  roundTripStable: boolean;
};

/** Parse and serialize medians over `runs` runs (after one warm-up) for a 50,000-word page. */
export async function wikiMarkdownBench({ runs = 7, words = 50_000 } = {}): Promise<WikiMarkdownResult> {
  await installDom();
  // Browser code measured in Node: loaded at run time, after the DOM globals exist (Tiptap reads
  // them when it loads), so not through a static import (which the layering rules refuse anyway).
  const api = (await import(new URL('../src/features/wiki/markdown/index.ts', import.meta.url).href)) as MarkdownApi;
  const markdown = generateWikiDocument(words);
  const wordCount = markdown
    .replace(/\[comment id="[^"]*"\]|\[\/comment\]/g, '')
    .split(/\s+/)
    .filter(Boolean).length;

  let doc = api.parseMarkdown(markdown);
  let out = api.serializeMarkdown(doc as never);
  const parseTimes: number[] = [];
  const serializeTimes: number[] = [];
  const parseCpu: number[] = [];
  const serializeCpu: number[] = [];
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  for (let i = 0; i < runs; i += 1) {
    let start = performance.now();
    let cpu = process.cpuUsage();
    doc = api.parseMarkdown(markdown);
    parseTimes.push(performance.now() - start);
    parseCpu.push(cpuMs(cpu));
    start = performance.now();
    cpu = process.cpuUsage();
    out = api.serializeMarkdown(doc as never);
    serializeTimes.push(performance.now() - start);
    serializeCpu.push(cpuMs(cpu));
  }
  const result: WikiMarkdownResult = {
    words: wordCount,
    bytes: Buffer.byteLength(markdown),
    parseMs: round(median(parseTimes)),
    serializeMs: round(median(serializeTimes)),
    parseCpuMs: round(median(parseCpu)),
    serializeCpuMs: round(median(serializeCpu)),
    roundTripStable: out === markdown,
  };
  console.log(
    `wiki Markdown, ${result.words.toLocaleString('en')} words (${Math.round(result.bytes / 1024)} kB): ` +
      `parse ${result.parseMs} ms, serialize ${result.serializeMs} ms (median of ${runs}; CPU ` +
      `${result.parseCpuMs} / ${result.serializeCpuMs} ms)` +
      (result.roundTripStable ? '' : ' — NOTE: the generated page did not round-trip byte for byte'),
  );
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await wikiMarkdownBench();
}
