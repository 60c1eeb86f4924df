import type { Editor } from '@tiptap/core';
import { redoDepth, undoDepth } from '@tiptap/pm/history';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { CommentIcon, LinkIcon } from '@/ui';
import { tableEditingReady } from '../markdown';

/** Languages offered for code blocks (any other one a page already uses is kept and listed). */
export const CODE_LANGUAGES = [
  'bash',
  'css',
  'diff',
  'go',
  'html',
  'java',
  'javascript',
  'json',
  'markdown',
  'python',
  'ruby',
  'rust',
  'sql',
  'typescript',
  'yaml',
];

type ToolbarProps = {
  editor: Editor;
  /** Opens the link dialog for the selection. */
  onLink: () => void;
  /** Starts a comment on the selection, when comments are available. */
  onComment?: () => void;
  /** Where Alt+F10 in the editor sends focus: the toolbar's id. */
  id: string;
};

/**
 * The editor's formatting toolbar (WAI-ARIA toolbar: one tab stop, arrow keys move between its
 * controls, Home/End jump). Its state comes from `useEditorState`, so it renders when what it
 * shows changes, not on every keystroke.
 */
export function EditorToolbar({ editor, onLink, onComment, id }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      editable: current.isEditable,
      h1: current.isActive('heading', { level: 1 }),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      code: current.isActive('code'),
      link: current.isActive('link'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      taskList: current.isActive('taskList'),
      blockquote: current.isActive('blockquote'),
      codeBlock: current.isActive('codeBlock'),
      language: (current.getAttributes('codeBlock').language as string | null | undefined) ?? '',
      table: current.isActive('table'),
      // Its editing code loads with the first table (see markdown/table.ts): offered once it works.
      tableTools: tableEditingReady() && current.isActive('table'),
      // The history's own depth: `can().undo()` builds every command of the editor, on every keystroke.
      canUndo: undoDepth(current.state) > 0,
      canRedo: redoDepth(current.state) > 0,
    }),
  });
  const toolbar = useRef<HTMLDivElement>(null);
  const chain = () => editor.chain().focus();
  const disabled = !state.editable;

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = [...(toolbar.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? [])].filter(
      (item) => !(item as HTMLButtonElement).disabled,
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowRight') next = items[(index + 1) % items.length];
    else if (event.key === 'ArrowLeft') next = items[(index - 1 + items.length) % items.length];
    else if (event.key === 'Home') next = items[0];
    else if (event.key === 'End') next = items.at(-1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      return;
    }
    if (!next) return;
    event.preventDefault();
    focusItem(next);
  }

  /** Roving tabindex: the control focused last is the toolbar's one tab stop. */
  function focusItem(item: HTMLElement) {
    for (const other of toolbar.current?.querySelectorAll<HTMLElement>('[data-toolbar-item]') ?? [])
      other.tabIndex = other === item ? 0 : -1;
    item.focus();
  }

  const language = state.language;
  const languages = language && !CODE_LANGUAGES.includes(language) ? [language, ...CODE_LANGUAGES] : CODE_LANGUAGES;

  return (
    <div
      ref={toolbar}
      id={id}
      className="wiki-toolbar"
      role="toolbar"
      aria-label="Formatting"
      aria-controls={`${id}-editor`}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        const target = event.target as HTMLElement;
        if (target.dataset.toolbarItem !== undefined) focusItem(target);
      }}
    >
      <ToolButton
        label="Undo"
        shortcut="Control+Z"
        disabled={disabled || !state.canUndo}
        onClick={() => chain().undo().run()}
      >
        ↶
      </ToolButton>
      <ToolButton
        label="Redo"
        shortcut="Control+Shift+Z"
        disabled={disabled || !state.canRedo}
        onClick={() => chain().redo().run()}
      >
        ↷
      </ToolButton>
      <Separator />
      {([1, 2, 3] as const).map((level) => (
        <ToolButton
          key={level}
          first={level === 1}
          label={`Heading ${level}`}
          pressed={state[`h${level}`]}
          disabled={disabled}
          onClick={() => chain().toggleHeading({ level }).run()}
        >
          H{level}
        </ToolButton>
      ))}
      <Separator />
      <ToolButton
        label="Bold"
        shortcut="Control+B"
        pressed={state.bold}
        disabled={disabled}
        onClick={() => chain().toggleBold().run()}
      >
        <strong>B</strong>
      </ToolButton>
      <ToolButton
        label="Italic"
        shortcut="Control+I"
        pressed={state.italic}
        disabled={disabled}
        onClick={() => chain().toggleItalic().run()}
      >
        <em>I</em>
      </ToolButton>
      <ToolButton
        label="Strikethrough"
        shortcut="Control+Shift+S"
        pressed={state.strike}
        disabled={disabled}
        onClick={() => chain().toggleStrike().run()}
      >
        <s>S</s>
      </ToolButton>
      <ToolButton
        label="Inline code"
        shortcut="Control+E"
        pressed={state.code}
        disabled={disabled}
        onClick={() => chain().toggleCode().run()}
      >
        <code>{'<>'}</code>
      </ToolButton>
      <ToolButton label="Link" pressed={state.link} disabled={disabled} onClick={onLink}>
        <LinkIcon />
      </ToolButton>
      <Separator />
      <ToolButton
        label="Bulleted list"
        pressed={state.bulletList}
        disabled={disabled}
        onClick={() => chain().toggleBulletList().run()}
      >
        •≡
      </ToolButton>
      <ToolButton
        label="Numbered list"
        pressed={state.orderedList}
        disabled={disabled}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1≡
      </ToolButton>
      <ToolButton
        label="Task list"
        pressed={state.taskList}
        disabled={disabled}
        onClick={() => chain().toggleTaskList().run()}
      >
        ☑
      </ToolButton>
      <Separator />
      <ToolButton
        label="Quote"
        pressed={state.blockquote}
        disabled={disabled}
        onClick={() => chain().toggleBlockquote().run()}
      >
        ❝
      </ToolButton>
      <ToolButton
        label="Code block"
        pressed={state.codeBlock}
        disabled={disabled}
        onClick={() => chain().toggleCodeBlock().run()}
      >
        {'{ }'}
      </ToolButton>
      <ToolButton label="Horizontal rule" disabled={disabled} onClick={() => chain().setHorizontalRule().run()}>
        ―
      </ToolButton>
      <ToolButton
        label="Insert table"
        disabled={disabled || state.table}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
      >
        ▦
      </ToolButton>
      {onComment && (
        <>
          <Separator />
          <ToolButton label="Comment" shortcut="Control+Alt+M" disabled={disabled} onClick={onComment}>
            <CommentIcon />
          </ToolButton>
        </>
      )}
      {state.tableTools && !disabled && (
        <span className="wiki-toolbar-group" role="group" aria-label="Table">
          <ToolButton label="Add row below" onClick={() => chain().addRowAfter().run()}>
            +Row
          </ToolButton>
          <ToolButton label="Delete row" onClick={() => chain().deleteRow().run()}>
            −Row
          </ToolButton>
          <ToolButton label="Add column right" onClick={() => chain().addColumnAfter().run()}>
            +Col
          </ToolButton>
          <ToolButton label="Delete column" onClick={() => chain().deleteColumn().run()}>
            −Col
          </ToolButton>
          <ToolButton label="Delete table" onClick={() => chain().deleteTable().run()}>
            ✕▦
          </ToolButton>
        </span>
      )}
      {state.codeBlock && !disabled && (
        <label className="wiki-toolbar-language">
          <span>Language</span>
          <select
            data-toolbar-item
            tabIndex={-1}
            className="select"
            value={language}
            onChange={(event) =>
              editor
                .chain()
                .focus()
                .updateAttributes('codeBlock', { language: event.target.value || null })
                .run()
            }
          >
            <option value="">Plain text</option>
            {languages.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}

function Separator() {
  return <span className="wiki-toolbar-separator" aria-hidden="true" />;
}

function ToolButton({
  label,
  shortcut,
  pressed,
  disabled,
  first,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  /** The toolbar's tab stop until another control is used. */
  first?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const keys = shortcut ? `${shortcut} ${shortcut.replace('Control', 'Meta')}` : undefined;
  return (
    <button
      type="button"
      className="wiki-tool"
      data-toolbar-item
      tabIndex={first ? 0 : -1}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut.replace('Control', 'Ctrl')})` : label}
      aria-pressed={pressed}
      aria-keyshortcuts={keys}
      disabled={disabled}
      // Keeps the editor's selection: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
