import type { Editor } from '@tiptap/core';
import { EditorContent, useEditorState } from '@tiptap/react';
import { type FocusEvent, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BoldIcon, BulletListIcon, CodeIcon, ItalicIcon, LinkIcon, NumberedListIcon, TaskListIcon } from '@/ui';
import { editorMarkdown, isAllowedLinkHref, parseMarkdown, wikiExtensions } from '../markdown';
import { TaskListShortcut } from './task-shortcut';
import { useOwnEditor } from './use-own-editor';
import './wiki-editor.css';
import './markdown-field.css';

export type MarkdownFieldProps = {
  /** The editable element's id. */
  id: string;
  /** Its accessible name. */
  label: string;
  /** Markdown; a new value replaces the content while the field is not focused. */
  value: string;
  placeholder?: string;
  /** Longer Markdown is not passed on: the field shows an error until it is shortened. */
  maxLength?: number;
  onFocus?: () => void;
  onChange: (markdown: string) => void;
  onBlur?: () => void;
};

/** How long typing pauses before the Markdown is written out. */
const SERIALIZE_MS = 250;

/** The field's Markdown: the wiki's, without the final newline. */
function markdownOf(editor: Editor) {
  return editorMarkdown(editor).replace(/\n+$/, '');
}

/** The editable element's attributes: a labelled multi-line textbox, described by its error. */
function attributesOf(id: string, label: string, invalid: boolean): Record<string, string> {
  return {
    id,
    class: 'wiki-prose markdown-field-prose',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    'aria-invalid': String(invalid),
    ...(invalid ? { 'aria-describedby': `${id}-error` } : {}),
  };
}

/**
 * A compact Markdown rich-text field (the wiki's editor and Markdown, no comments): formatted
 * text always, a small toolbar while it has focus. Leaving the field (focus going outside it,
 * toolbar included) writes the Markdown out and calls `onBlur`.
 */
export default function MarkdownField({
  id,
  label,
  value,
  placeholder,
  maxLength,
  onFocus,
  onChange,
  onBlur,
}: MarkdownFieldProps) {
  const [focused, setFocused] = useState(false);
  const [length, setLength] = useState(0);
  const focusedRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The Markdown last passed on (or received): a `value` equal to it is no news. */
  const emitted = useRef(value);
  const callbacks = useRef({ onChange, onBlur, onFocus, maxLength });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur, onFocus, maxLength };
  });

  const tooLong = maxLength !== undefined && length > maxLength;
  const editor = useOwnEditor(() => ({
    // `- [ ] ` makes a task here too, as in a wiki page.
    extensions: [...wikiExtensions({ placeholder }), TaskListShortcut],
    // The app's Content-Security-Policy refuses injected <style>: the base styles are in wiki-editor.css.
    injectCSS: false,
    content: parseMarkdown(value),
    editorProps: { attributes: attributesOf(id, label, tooLong) },
    onUpdate: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SERIALIZE_MS);
    },
  }));
  // The attributes follow the label and the length check.
  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setOptions({ editorProps: { ...editor.options.editorProps, attributes: attributesOf(id, label, tooLong) } });
  }, [editor, id, label, tooLong]);

  /** Writes the Markdown out now, if it changed and is not too long. */
  function flush() {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (editor.isDestroyed) return;
    const markdown = markdownOf(editor);
    setLength(markdown.length);
    const limit = callbacks.current.maxLength;
    if (limit !== undefined && markdown.length > limit) return;
    if (markdown === emitted.current) return;
    emitted.current = markdown;
    callbacks.current.onChange(markdown);
  }

  // Typing not yet written out is passed on before the field goes (a layout cleanup runs before
  // the owner's own cleanups, which save what was typed).
  useLayoutEffect(
    () => () => {
      if (timer.current !== undefined) flush();
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- flush reads refs only
    [],
  );

  // Someone else's change replaces the content, unless the field is being edited.
  useEffect(() => {
    if (focusedRef.current || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(parseMarkdown(value), { emitUpdate: false });
    setLength(value.length);
  }, [editor, value]);

  function handleFocus() {
    if (focusedRef.current) return;
    focusedRef.current = true;
    setFocused(true);
    callbacks.current.onFocus?.();
  }

  function handleBlur(event: FocusEvent<HTMLDivElement>) {
    const next = event.relatedTarget as Node | null;
    if (next && event.currentTarget.contains(next)) return;
    focusedRef.current = false;
    setFocused(false);
    flush();
    callbacks.current.onBlur?.();
  }

  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: attributesOf(id, label, tooLong) } });
  }, [editor, id, label, tooLong]);

  return (
    <div className="markdown-field" data-focused={focused || undefined} onFocus={handleFocus} onBlur={handleBlur}>
      <EditorContent editor={editor} />
      <FieldToolbar editor={editor} hidden={!focused} />
      {tooLong && (
        <p id={`${id}-error`} className="markdown-field-error" role="alert">
          Too long to save: {length.toLocaleString()} of {(maxLength ?? 0).toLocaleString()} characters (as Markdown).
          Shorten it and it is saved again.
        </p>
      )}
    </div>
  );
}

function FieldToolbar({ editor, hidden }: { editor: Editor; hidden: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      taskList: current.isActive('taskList'),
    }),
  });
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const chain = () => editor.chain().focus();

  function applyLink() {
    const url = href.trim();
    if (url && isAllowedLinkHref(url)) chain().extendMarkRange('link').setLink({ href: url }).run();
    else editor.commands.focus();
    setLinking(false);
    setHref('');
  }

  return (
    <div className="markdown-field-toolbar" role="toolbar" aria-label="Formatting" hidden={hidden}>
      <Tool label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <BoldIcon />
      </Tool>
      <Tool label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <ItalicIcon />
      </Tool>
      <Tool label="Inline code" pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <CodeIcon />
      </Tool>
      <Tool
        label={state.link ? 'Remove link' : 'Link'}
        pressed={state.link}
        onClick={() => (state.link ? chain().extendMarkRange('link').unsetLink().run() : setLinking(true))}
      >
        <LinkIcon />
      </Tool>
      <Tool label="Bulleted list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <BulletListIcon />
      </Tool>
      <Tool label="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <NumberedListIcon />
      </Tool>
      <Tool label="Task list" pressed={state.taskList} onClick={() => chain().toggleTaskList().run()}>
        <TaskListIcon />
      </Tool>
      {linking && (
        <input
          className="input markdown-field-link"
          type="url"
          aria-label="Link address"
          placeholder="https://…"
          autoFocus
          value={href}
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              applyLink();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              setLinking(false);
              setHref('');
              editor.commands.focus();
            }
          }}
        />
      )}
    </div>
  );
}

function Tool({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="wiki-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keeps the editor's selection: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
