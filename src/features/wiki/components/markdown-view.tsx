import { EditorContent } from '@tiptap/react';
import { memo, useEffect } from 'react';
import { parseMarkdown, wikiExtensions } from '../markdown';
import { useOwnEditor } from './use-own-editor';
import './wiki-editor.css';

export type MarkdownViewProps = {
  /** The Markdown to show; a new value replaces what is shown. */
  markdown: string;
  /** The rendered text's accessible name (a region of the page). */
  label: string;
};

/**
 * Markdown rendered read-only the way the wiki shows it: the wiki's own editor and extensions,
 * not editable. Nothing is ever injected as HTML: the Markdown becomes the editor's document, and
 * only what its schema knows is drawn (links and images keep only the wiki's allowed URLs).
 */
function MarkdownView({ markdown, label }: MarkdownViewProps) {
  const editor = useOwnEditor(() => ({
    extensions: wikiExtensions(),
    // The app's Content-Security-Policy refuses injected <style>: the base styles are in wiki-editor.css.
    injectCSS: false,
    editable: false,
    content: parseMarkdown(markdown),
    editorProps: { attributes: { class: 'wiki-prose markdown-view-prose', role: 'region', 'aria-label': label } },
  }));

  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.commands.setContent(parseMarkdown(markdown), { emitUpdate: false });
  }, [editor, markdown]);

  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: { class: 'wiki-prose markdown-view-prose', role: 'region', 'aria-label': label },
      },
    });
  }, [editor, label]);

  return <EditorContent editor={editor} />;
}

export default memo(MarkdownView);
