/**
 * Block keys: a stable key on a block without text (code block, image), so a thread can anchor to
 * `block:KEY`. In Markdown the key is an HTML comment line directly before the block,
 * `<!-- block:KEY -->`, the only HTML the wiki reads. In the editor it is the `blockKey` attribute
 * of `codeBlock` and `image`, kept across edits, assigned by `ensureBlockKey` when someone first
 * comments on the block; a paste that would duplicate a key drops it from the copy.
 */
import { Extension, type Editor, type JSONContent, type MarkdownToken } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

export const BLOCK_KEY_TYPES = ['codeBlock', 'image'] as const;
const KEY = /^[A-Za-z0-9_-]{1,64}$/;
const MARKER = /^<!-- block:([A-Za-z0-9_-]{1,64}) -->[ \t]*(?:\n|$)/;
const MARKER_AFTER_NEWLINE = /\n<!-- block:[A-Za-z0-9_-]{1,64} -->/;

/** The marker line written before a keyed block (with its newline), or '' without a key. */
export function blockKeyPrefix(node: JSONContent): string {
  const key = node.attrs?.blockKey as unknown;
  return typeof key === 'string' && KEY.test(key) ? `<!-- block:${key} -->\n` : '';
}

/** The fenced code block at the start of `src` (through its closing fence), or null. */
function matchFence(src: string): string | null {
  const open = /^( {0,3})(`{3,}|~{3,})([^\n]*)(?:\n|$)/.exec(src);
  if (!open) return null;
  const fence = open[2]!;
  if (fence[0] === '`' && open[3]!.includes('`')) return null;
  const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
  let at = open[0].length;
  while (at < src.length) {
    const end = src.indexOf('\n', at);
    const line = end === -1 ? src.slice(at) : src.slice(at, end);
    const next = end === -1 ? src.length : end + 1;
    if (closing.test(line)) return src.slice(0, next);
    at = next;
  }
  return src;
}

/** An image alone on the first line of `src`, or null. */
function matchImageLine(src: string): string | null {
  const line = /^!\[[^\n]*(?:\n|$)/.exec(src);
  return line ? line[0] : null;
}

type BlockKeyToken = MarkdownToken & { key?: string };

function setKey(nodes: JSONContent[], key: string): boolean {
  for (const node of nodes) {
    if ((BLOCK_KEY_TYPES as readonly string[]).includes(node.type ?? '')) {
      node.attrs = { ...node.attrs, blockKey: key };
      return true;
    }
    if (node.content && setKey(node.content, key)) return true;
  }
  return false;
}

function randomKey(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

const dedupeKey = new PluginKey('wikiBlockKeyDedupe');

export const BlockKey = Extension.create({
  name: 'blockKey',

  addGlobalAttributes() {
    return [
      {
        types: [...BLOCK_KEY_TYPES],
        attributes: {
          blockKey: {
            default: null,
            keepOnSplit: false,
            parseHTML: (element) => {
              const key = element.getAttribute('data-block-key');
              return key && KEY.test(key) ? key : null;
            },
            renderHTML: (attributes) =>
              attributes.blockKey ? { 'data-block-key': attributes.blockKey as string } : {},
          },
        },
      },
    ];
  },

  markdownTokenName: 'blockKey',
  markdownTokenizer: {
    name: 'blockKey',
    level: 'block',
    // marked asks with the source minus its first character: only a marker at the start of a
    // later line may interrupt a paragraph, never one in the middle of a line.
    start: (src) => {
      const at = MARKER_AFTER_NEWLINE.exec(src)?.index;
      return at === undefined ? -1 : at + 1;
    },
    tokenize(src, _tokens, lexer) {
      const marker = MARKER.exec(src);
      if (!marker) return undefined;
      const rest = src.slice(marker[0].length);
      const block = matchFence(rest) ?? matchImageLine(rest);
      if (!block) return undefined;
      return {
        type: 'blockKey',
        raw: marker[0] + block,
        key: marker[1],
        tokens: lexer.blockTokens(block),
      };
    },
  },

  parseMarkdown(token: BlockKeyToken, helpers) {
    // Inside a list item marked's lexer makes `text` block tokens where it would make paragraphs.
    const tokens = (token.tokens ?? []).map((t) => (t.type === 'text' && t.tokens ? { ...t, type: 'paragraph' } : t));
    const nodes = helpers.parseChildren(tokens);
    if (token.key) setKey(nodes, token.key);
    return nodes;
  },

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: dedupeKey,
        // A pasted or dropped copy of a keyed block must not carry the same key: the block that
        // was there before keeps it.
        appendTransaction(transactions, oldState, newState) {
          const pasted = transactions.some((tr) => tr.docChanged && tr.getMeta('uiEvent'));
          if (!pasted) return null;
          const before = new Map<string, number>();
          oldState.doc.descendants((node, pos) => {
            const key = node.attrs.blockKey as unknown;
            if (typeof key === 'string') before.set(key, pos);
          });
          let mapped = before;
          for (const tr of transactions) {
            mapped = new Map([...mapped].map(([key, pos]) => [key, tr.mapping.map(pos)]));
          }
          const seen = new Map<string, number[]>();
          newState.doc.descendants((node, pos) => {
            const key = node.attrs.blockKey as unknown;
            if (typeof key === 'string') seen.set(key, [...(seen.get(key) ?? []), pos]);
          });
          const tr = newState.tr;
          for (const [key, positions] of seen) {
            if (positions.length < 2) continue;
            const keep = positions.includes(mapped.get(key) ?? -1) ? mapped.get(key) : positions[0];
            for (const pos of positions) if (pos !== keep) tr.setNodeAttribute(pos, 'blockKey', null);
          }
          return tr.docChanged ? tr : null;
        },
      }),
    ];
  },
});

/**
 * The block key of the code block or image at `pos`, assigning a fresh 8-character key first when
 * it has none. Returns null when no such block is at `pos`, or when it sits in a table cell.
 */
export function ensureBlockKey(editor: Editor, pos: number): string | null {
  const node = editor.state.doc.nodeAt(pos);
  if (!node || !(BLOCK_KEY_TYPES as readonly string[]).includes(node.type.name)) return null;
  // A table cell is written on one line, where no key can go.
  const $pos = editor.state.doc.resolve(pos);
  for (let depth = $pos.depth; depth > 0; depth -= 1) {
    if (['tableCell', 'tableHeader'].includes($pos.node(depth).type.name)) return null;
  }
  const existing = node.attrs.blockKey as unknown;
  if (typeof existing === 'string' && KEY.test(existing)) return existing;
  const used = new Set<string>();
  editor.state.doc.descendants((n) => {
    if (typeof n.attrs.blockKey === 'string') used.add(n.attrs.blockKey);
  });
  let key = randomKey();
  while (used.has(key)) key = randomKey();
  editor.view.dispatch(editor.state.tr.setNodeAttribute(pos, 'blockKey', key));
  return key;
}
