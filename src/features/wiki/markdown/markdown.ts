/**
 * Markdown in and out of the wiki's document model without an editor: `parseMarkdown` gives the
 * ProseMirror JSON an editor can be created with, `serializeMarkdown` writes a document back.
 * Both use one shared `WikiMarkdownManager` over `wikiExtensions()`, the same code an editor's
 * `getMarkdown()` runs, so the output is the same bytes.
 */
import type { Editor, JSONContent } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { wikiExtensions } from './extensions';
import { WikiMarkdownManager } from './markdown-manager';

let shared: WikiMarkdownManager | null = null;

/** The headless manager (created on first use). */
export function markdownManager(): WikiMarkdownManager {
  shared ??= new WikiMarkdownManager({ extensions: wikiExtensions() });
  return shared;
}

/** Markdown → ProseMirror JSON (`{ type: 'doc', content }`). */
export function parseMarkdown(markdown: string): JSONContent {
  const doc = markdownManager().parse(markdown);
  if (!doc.content || doc.content.length === 0) doc.content = [{ type: 'paragraph' }];
  return doc;
}

/** A document (JSON or ProseMirror node) → Markdown, ending with one newline unless empty. */
export function serializeMarkdown(doc: JSONContent | PMNode): string {
  const json =
    'toJSON' in doc && typeof doc.toJSON === 'function' ? (doc.toJSON() as JSONContent) : (doc as JSONContent);
  return markdownManager().serialize(json);
}

/** The Markdown of an editor made with `wikiExtensions()`. */
export function editorMarkdown(editor: Editor): string {
  return editor.markdown ? editor.getMarkdown() : serializeMarkdown(editor.getJSON());
}
