import { type Editor, Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { useEditorState } from '@tiptap/react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** What the text before the cursor asks for: `/` and a word, at the start of a line or after a space. */
type SlashState = { from: number; to: number; query: string } | null;

type SlashPluginState = { match: SlashState; dismissedAt: number | null };
const slashKey = new PluginKey<SlashPluginState>('wikiSlash');
const PATTERN = /(?:^|\s)\/([\p{L}\p{N}-]{0,24})$/u;

/** Keys the open menu takes from the editor (arrows, Enter, Tab, Escape). */
type KeyHandler = (event: KeyboardEvent) => boolean;

/** Each editor's open slash menu, which takes the keys it needs. */
const keyHandlers = new WeakMap<Editor, KeyHandler>();

/**
 * Tracks a `/command` typed in a paragraph or heading (not in code) for the slash menu, and lets
 * the open menu take the keys it needs. Escape dismisses it until the text before the cursor
 * changes.
 */
export const SlashCommands = Extension.create({
  name: 'wikiSlash',
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin<SlashPluginState>({
        key: slashKey,
        state: {
          init: (): SlashPluginState => ({ match: null, dismissedAt: null }),
          apply(tr, previous, _old, state): SlashPluginState {
            const dismiss = tr.getMeta(slashKey) as 'dismiss' | undefined;
            const { selection } = state;
            const { $from } = selection;
            let match: SlashState = null;
            if (selection.empty && $from.parent.isTextblock && !$from.parent.type.spec.code) {
              const before = $from.parent.textBetween(0, $from.parentOffset, '\n', '\ufffc');
              const found = PATTERN.exec(before);
              if (found) {
                const query = found[1] ?? '';
                match = { from: $from.pos - query.length - 1, to: $from.pos, query };
              }
            }
            const dismissedAt =
              dismiss === 'dismiss'
                ? (match?.from ?? null)
                : match && previous.dismissedAt === match.from
                  ? match.from
                  : null;
            return { match: match && dismissedAt === match.from ? null : match, dismissedAt };
          },
        },
        props: {
          handleKeyDown: (view, event) => {
            const active = slashKey.getState(view.state)?.match;
            if (!active) return false;
            if (event.key === 'Escape') {
              view.dispatch(view.state.tr.setMeta(slashKey, 'dismiss'));
              return true;
            }
            return keyHandlers.get(editor)?.(event) ?? false;
          },
        },
      }),
    ];
  },
});

/** Gives the open menu the editor's keys; returns the way to take them back. */
function setKeyHandler(editor: Editor, handler: KeyHandler) {
  keyHandlers.set(editor, handler);
  return () => {
    if (keyHandlers.get(editor) === handler) keyHandlers.delete(editor);
  };
}

type SlashItem = { id: string; label: string; keywords: string; run: (editor: Editor) => void };

const ITEMS: SlashItem[] = [
  { id: 'text', label: 'Text', keywords: 'paragraph plain', run: (e) => e.chain().focus().setParagraph().run() },
  {
    id: 'h1',
    label: 'Heading 1',
    keywords: 'title h1',
    run: (e) => e.chain().focus().setHeading({ level: 1 }).run(),
  },
  {
    id: 'h2',
    label: 'Heading 2',
    keywords: 'h2 subtitle',
    run: (e) => e.chain().focus().setHeading({ level: 2 }).run(),
  },
  { id: 'h3', label: 'Heading 3', keywords: 'h3', run: (e) => e.chain().focus().setHeading({ level: 3 }).run() },
  {
    id: 'bullets',
    label: 'Bulleted list',
    keywords: 'ul unordered',
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    id: 'numbers',
    label: 'Numbered list',
    keywords: 'ol ordered',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  { id: 'tasks', label: 'Task list', keywords: 'todo checkbox', run: (e) => e.chain().focus().toggleTaskList().run() },
  { id: 'quote', label: 'Quote', keywords: 'blockquote', run: (e) => e.chain().focus().toggleBlockquote().run() },
  { id: 'code', label: 'Code block', keywords: 'fence snippet', run: (e) => e.chain().focus().toggleCodeBlock().run() },
  {
    id: 'table',
    label: 'Table',
    keywords: 'grid',
    run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    id: 'divider',
    label: 'Divider',
    keywords: 'horizontal rule hr line',
    run: (e) => e.chain().focus().setHorizontalRule().run(),
  },
];

/**
 * The `/` menu: commands matching what follows the slash, under the cursor. Arrow keys choose,
 * Enter or Tab applies (the `/word` is removed), Escape closes. The editor points at the active
 * option (`aria-activedescendant`), so screen readers follow while typing continues.
 */
export function SlashMenu({ editor }: { editor: Editor }) {
  const match = useEditorState({
    editor,
    selector: ({ editor: current }) => slashKey.getState(current.state)?.match ?? null,
    equalityFn: (a, b) => a?.from === b?.from && a?.query === b?.query && a?.to === b?.to,
  });
  const items = useMemo(() => {
    const query = (match?.query ?? '').toLowerCase();
    return ITEMS.filter((item) => `${item.label} ${item.keywords}`.toLowerCase().includes(query));
  }, [match?.query]);
  const [activeFor, setActive] = useState<{ query: string; index: number }>({ query: '', index: 0 });
  const active = activeFor.query === match?.query ? Math.min(activeFor.index, items.length - 1) : 0;
  const id = useId();
  const menu = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const open = Boolean(match) && items.length > 0;

  useLayoutEffect(() => {
    if (!match || !open) return;
    const coords = editor.view.coordsAtPos(match.from);
    const height = menu.current?.offsetHeight ?? 240;
    const below = coords.bottom + 4;
    const top = below + height > window.innerHeight - 8 ? Math.max(8, coords.top - height - 4) : below;
    setPosition({ top, left: Math.min(coords.left, window.innerWidth - 248) });
  }, [editor, match, open]);

  const apply = (item: SlashItem | undefined) => {
    if (!item || !match) return;
    editor.chain().focus().deleteRange({ from: match.from, to: match.to }).run();
    item.run(editor);
  };

  // The editor hands the open menu its keys.
  const latest = useRef({ items, active, match, apply });
  useEffect(() => {
    latest.current = { items, active, match, apply };
  });
  useEffect(
    () =>
      setKeyHandler(editor, (event) => {
        const { items: shown, active: current, match: now } = latest.current;
        if (!now || shown.length === 0) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive({ query: now.query, index: (current + step + shown.length) % shown.length });
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          latest.current.apply(shown[current]);
          return true;
        }
        return false;
      }),
    [editor],
  );

  // The editor points at the option shown as active.
  useEffect(() => {
    const dom = editor.view.dom;
    if (open) {
      dom.setAttribute('aria-controls', id);
      dom.setAttribute('aria-activedescendant', `${id}-${active}`);
    } else {
      dom.removeAttribute('aria-controls');
      dom.removeAttribute('aria-activedescendant');
    }
  }, [editor, open, id, active]);

  if (!open) return null;
  return createPortal(
    <ul
      ref={menu}
      id={id}
      role="listbox"
      aria-label="Insert block"
      className="wiki-slash-menu menu"
      style={position ? { top: position.top, left: position.left } : { visibility: 'hidden' }}
    >
      {items.map((item, index) => (
        <li
          key={item.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          className="menu-item"
          onMouseDown={(event) => {
            event.preventDefault();
            apply(item);
          }}
          onMouseMove={() => index !== active && setActive({ query: match?.query ?? '', index })}
        >
          {item.label}
        </li>
      ))}
    </ul>,
    document.body,
  );
}
