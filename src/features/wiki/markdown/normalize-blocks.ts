/**
 * Parsed content made valid for the wiki's schema (`normalizeBlocks`), after @tiptap/markdown has
 * read a document: an image alone in its paragraph is a block, any other is inline, list items
 * start with a paragraph, paragraphs are trimmed (of the whitespace CommonMark strips, not of
 * no-break spaces) and written on one line.
 */
import type { JSONContent } from '@tiptap/core';

const TEXTBLOCKS = new Set(['paragraph', 'heading']);
const INLINE = new Set(['text', 'hardBreak', 'inlineImage']);
const FIRST_CHILD_PARAGRAPH = new Set(['listItem', 'taskItem']);

/** An image node as one inside a line (`inlineImage`), with its marks. */
function inlineImage(node: JSONContent): JSONContent {
  const { blockKey: _key, ...attrs } = node.attrs ?? {};
  return node.marks?.length ? { type: 'inlineImage', attrs, marks: node.marks } : { type: 'inlineImage', attrs };
}

/**
 * A soft line break inside a paragraph reads as a space: the normal form writes a paragraph on one
 * line (hard breaks aside), so a comment run never spans two lines.
 */
function joinSoftBreaks(node: JSONContent): JSONContent {
  if (node.type !== 'text' || !node.text?.includes('\n')) return node;
  const inCode = node.marks?.some((m) => m.type === 'code');
  return inCode ? node : { ...node, text: node.text.replace(/[ \t]*\n[ \t]*/g, ' ') };
}

/** A hard break at the start or end of a paragraph is no line break in Markdown: it goes. */
export function withoutEdgeBreaks(inline: JSONContent[]): JSONContent[] {
  let start = 0;
  let end = inline.length;
  while (start < end && inline[start]!.type === 'hardBreak') start += 1;
  while (end > start && inline[end - 1]!.type === 'hardBreak') end -= 1;
  return start === 0 && end === inline.length ? inline : inline.slice(start, end);
}

/**
 * A paragraph's content starts and ends without the whitespace CommonMark strips there (spaces,
 * tabs, line ends); a no-break space (`&nbsp;`) is text and stays.
 */
function trimEdges(inline: JSONContent[]): JSONContent[] {
  const out = withoutEdgeBreaks(inline);
  let emptied = false;
  const first = out[0];
  if (first?.type === 'text' && /^[ \t\r\n]/.test(first.text ?? '') && !first.marks?.some((m) => m.type === 'code')) {
    out[0] = { ...first, text: first.text!.replace(/^[ \t\r\n]+/, '') };
    emptied ||= out[0].text === '';
  }
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (last?.type === 'text' && /[ \t\r\n]$/.test(last.text ?? '') && !last.marks?.some((m) => m.type === 'code')) {
    out[lastIndex] = { ...last, text: last.text!.replace(/[ \t\r\n]+$/, '') };
    emptied ||= out[lastIndex].text === '';
  }
  return emptied ? out.filter((n) => n.type !== 'text' || n.text) : out;
}

/**
 * Makes parsed content valid for the schema: an image alone in a paragraph is a block image, one
 * inside text or a link an inline image; a list item starts with a paragraph. An item's first paragraph
 * that is a no-break space alone is the empty paragraph earlier versions wrote as `- &nbsp;`.
 */
export function normalizeBlocks(nodes: JSONContent[]): JSONContent[] {
  // The parsed JSON is fresh: nodes are changed in place where that is enough.
  const out: JSONContent[] = [];
  for (const node of nodes) {
    if (node.type === 'image') {
      out.push(node);
    } else if (node.type && TEXTBLOCKS.has(node.type)) {
      const children = node.content ?? [];
      if (children.every((child) => child.type === 'text' || child.type === 'hardBreak')) {
        node.content = trimEdges(children.map(joinSoftBreaks));
        out.push(node);
      } else {
        out.push(...splitTextblock(node));
      }
    } else {
      if (node.content && node.type !== 'codeBlock') {
        const content = normalizeBlocks(node.content);
        if (node.type === 'blockquote' && content.length === 0) content.push({ type: 'paragraph', content: [] });
        if (node.type && FIRST_CHILD_PARAGRAPH.has(node.type)) {
          const first = content[0];
          if (first?.type !== 'paragraph') content.unshift({ type: 'paragraph', content: [] });
          else if (first.content?.length === 1 && first.content[0]!.text === '\u00a0' && !first.content[0]!.marks)
            first.content = [];
        }
        node.content = content;
      }
      out.push(node);
    }
  }
  return out;
}

/**
 * A paragraph or heading holding images: a paragraph that is one image and nothing else (no link,
 * no comment) becomes that image, a block; otherwise its images are inline. Inline wrappers the
 * library leaves (a `comment` run) give up their content.
 */
function splitTextblock(node: JSONContent): JSONContent[] {
  const inline: JSONContent[] = [];
  for (const child of node.content ?? []) {
    if (child.type && !INLINE.has(child.type) && child.type !== 'image' && child.content) inline.push(...child.content);
    else inline.push(child);
  }
  const content = trimEdges(inline.map(joinSoftBreaks));
  const only = content.length === 1 ? content[0]! : null;
  if (node.type === 'paragraph' && only?.type === 'image' && !only.marks?.length) return [only];
  return [{ ...node, content: content.map((child) => (child.type === 'image' ? inlineImage(child) : child)) }];
}
