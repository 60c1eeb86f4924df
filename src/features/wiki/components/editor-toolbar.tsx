import type { Editor } from '@tiptap/core';
import { redoDepth, undoDepth } from '@tiptap/pm/history';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  BoldIcon,
  BulletListIcon,
  CodeBlockIcon,
  CodeIcon,
  ColumnDeleteIcon,
  ColumnRightIcon,
  CommentIcon,
  DividerIcon,
  Heading1Icon,
  Heading2Icon,
  Heading3Icon,
  ItalicIcon,
  LinkIcon,
  NumberedListIcon,
  QuoteIcon,
  RedoIcon,
  RowBelowIcon,
  RowDeleteIcon,
  StrikeIcon,
  TableIcon,
  TaskListIcon,
  TrashIcon,
  UndoIcon,
} from '@/ui';
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
  const tableTools = state.tableTools && !disabled;
  const codeTools = state.codeBlock && !disabled;

  // One row that never changes height: what does not fit scrolls sideways (shadows show that more
  // lies beyond), and the table's and code block's controls sit at its end, over the rest.
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const pinned = element.querySelector<HTMLElement>('.wiki-toolbar-context');
    const before = element.scrollLeft > 1;
    // Pinned controls draw their own edge over what scrolls under them.
    const after = !pinned && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setEdges((current) => (current.before === before && current.after === after ? current : { before, after }));
    // Focus moving along the row scrolls the control into view clear of the pinned controls.
    element.style.scrollPaddingInlineEnd = pinned ? `${pinned.offsetWidth + 8}px` : '';
  }, []);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [measure]);
  useLayoutEffect(measure, [measure, tableTools, codeTools]);

  return (
    <div
      ref={toolbar}
      id={id}
      className="wiki-toolbar"
      role="toolbar"
      aria-label="Formatting"
      aria-controls={`${id}-editor`}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
      onKeyDown={handleKeyDown}
      onFocus={(event) => {
        const target = event.target as HTMLElement;
        if (target.dataset.toolbarItem !== undefined) focusItem(target);
      }}
    >
      <div ref={scroller} className="wiki-toolbar-scroll" onScroll={measure}>
        <div className="wiki-toolbar-main">
          <ToolButton
            label="Undo"
            shortcut="Control+Z"
            disabled={disabled || !state.canUndo}
            onClick={() => chain().undo().run()}
          >
            <UndoIcon />
          </ToolButton>
          <ToolButton
            label="Redo"
            shortcut="Control+Shift+Z"
            disabled={disabled || !state.canRedo}
            onClick={() => chain().redo().run()}
          >
            <RedoIcon />
          </ToolButton>
          <Separator />
          {([1, 2, 3] as const).map((level) => {
            const HeadingIcon = headingIcons[level];
            return (
              <ToolButton
                key={level}
                first={level === 1}
                label={`Heading ${level}`}
                markdown={'#'.repeat(level)}
                pressed={state[`h${level}`]}
                disabled={disabled}
                onClick={() => chain().toggleHeading({ level }).run()}
              >
                <HeadingIcon />
              </ToolButton>
            );
          })}
          <Separator />
          <ToolButton
            label="Bold"
            shortcut="Control+B"
            pressed={state.bold}
            disabled={disabled}
            onClick={() => chain().toggleBold().run()}
          >
            <BoldIcon />
          </ToolButton>
          <ToolButton
            label="Italic"
            shortcut="Control+I"
            pressed={state.italic}
            disabled={disabled}
            onClick={() => chain().toggleItalic().run()}
          >
            <ItalicIcon />
          </ToolButton>
          <ToolButton
            label="Strikethrough"
            shortcut="Control+Shift+S"
            pressed={state.strike}
            disabled={disabled}
            onClick={() => chain().toggleStrike().run()}
          >
            <StrikeIcon />
          </ToolButton>
          <ToolButton
            label="Inline code"
            shortcut="Control+E"
            pressed={state.code}
            disabled={disabled}
            onClick={() => chain().toggleCode().run()}
          >
            <CodeIcon />
          </ToolButton>
          <ToolButton label="Link" pressed={state.link} disabled={disabled} onClick={onLink}>
            <LinkIcon />
          </ToolButton>
          <Separator />
          <ToolButton
            label="Bulleted list"
            markdown="-"
            pressed={state.bulletList}
            disabled={disabled}
            onClick={() => chain().toggleBulletList().run()}
          >
            <BulletListIcon />
          </ToolButton>
          <ToolButton
            label="Numbered list"
            markdown="1."
            pressed={state.orderedList}
            disabled={disabled}
            onClick={() => chain().toggleOrderedList().run()}
          >
            <NumberedListIcon />
          </ToolButton>
          <ToolButton
            label="Task list"
            markdown="- [ ]"
            pressed={state.taskList}
            disabled={disabled}
            onClick={() => chain().toggleTaskList().run()}
          >
            <TaskListIcon />
          </ToolButton>
          <Separator />
          <ToolButton
            label="Quote"
            markdown=">"
            pressed={state.blockquote}
            disabled={disabled}
            onClick={() => chain().toggleBlockquote().run()}
          >
            <QuoteIcon />
          </ToolButton>
          <ToolButton
            label="Code block"
            markdown="```"
            pressed={state.codeBlock}
            disabled={disabled}
            onClick={() => chain().toggleCodeBlock().run()}
          >
            <CodeBlockIcon />
          </ToolButton>
          <ToolButton label="Horizontal rule" disabled={disabled} onClick={() => chain().setHorizontalRule().run()}>
            <DividerIcon />
          </ToolButton>
          <ToolButton
            label="Insert table"
            disabled={disabled || state.table}
            onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
          >
            <TableIcon />
          </ToolButton>
          {onComment && (
            <>
              <Separator />
              <ToolButton label="Comment" shortcut="Control+Alt+M" disabled={disabled} onClick={onComment}>
                <CommentIcon />
              </ToolButton>
            </>
          )}
        </div>
        {tableTools && (
          <span className="wiki-toolbar-context" role="group" aria-label="Table">
            <ToolButton label="Add row below" onClick={() => chain().addRowAfter().run()}>
              <RowBelowIcon />
            </ToolButton>
            <ToolButton label="Delete row" onClick={() => chain().deleteRow().run()}>
              <RowDeleteIcon />
            </ToolButton>
            <ToolButton label="Add column right" onClick={() => chain().addColumnAfter().run()}>
              <ColumnRightIcon />
            </ToolButton>
            <ToolButton label="Delete column" onClick={() => chain().deleteColumn().run()}>
              <ColumnDeleteIcon />
            </ToolButton>
            <ToolButton label="Delete table" onClick={() => chain().deleteTable().run()}>
              <TrashIcon />
            </ToolButton>
          </span>
        )}
        {codeTools && (
          <span className="wiki-toolbar-context" role="group" aria-label="Code block">
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
          </span>
        )}
      </div>
    </div>
  );
}

const headingIcons = { 1: Heading1Icon, 2: Heading2Icon, 3: Heading3Icon } as const;

function Separator() {
  return <span className="wiki-toolbar-separator" aria-hidden="true" />;
}

function ToolButton({
  label,
  shortcut,
  markdown,
  pressed,
  disabled,
  first,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  /** The Markdown that makes the same block when typed at the start of a line (then a space). */
  markdown?: string;
  pressed?: boolean;
  disabled?: boolean;
  /** The toolbar's tab stop until another control is used. */
  first?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const keys = shortcut ? `${shortcut} ${shortcut.replace('Control', 'Meta')}` : undefined;
  const typed = markdown && `type ${markdown} and a space`;
  const hints = shortcut ? [shortcut.replace('Control', 'Ctrl'), typed && `or ${typed}`] : [typed];
  const title = hints.some(Boolean) ? `${label} (${hints.filter(Boolean).join(', ')})` : label;
  return (
    <button
      type="button"
      className="wiki-tool"
      data-toolbar-item
      tabIndex={first ? 0 : -1}
      aria-label={label}
      title={title}
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
