/**
 * Tables: the four nodes and their Markdown (GFM pipe tables), without the editing code.
 *
 * @tiptap/extension-table brings prosemirror-tables with its nodes — cell selection, row and
 * column commands, Tab between cells — a tenth of the editor's chunk, which a page or card
 * without a table never uses. Here the nodes, their Markdown (as the library reads and writes
 * it) and the commands' names are part of the editor; what the commands do is in
 * `table-editing.ts`, loaded the first time an editor shows a table (a document opened with one,
 * one inserted, pasted or arriving with someone else's save). Until then (a few milliseconds)
 * the table commands answer false and the toolbar does not offer them.
 */
import {
  isValidCSSStyleValue,
  mergeAttributes,
  Node,
  type CommandProps,
  type Editor,
  type JSONContent,
  type MarkdownParseHelpers,
  type MarkdownRendererHelpers,
  type MarkdownToken,
  type MarkdownTokenizer,
} from '@tiptap/core';
import type { Fragment, Slice } from '@tiptap/pm/model';
import { TextSelection } from '@tiptap/pm/state';
import type * as TableEditing from './table-editing';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    table: {
      insertTable: (options?: { rows?: number; cols?: number; withHeaderRow?: boolean }) => ReturnType;
      addRowAfter: () => ReturnType;
      deleteRow: () => ReturnType;
      addColumnAfter: () => ReturnType;
      deleteColumn: () => ReturnType;
      deleteTable: () => ReturnType;
      goToNextCell: () => ReturnType;
      goToPreviousCell: () => ReturnType;
    };
  }
}

// ---------------------------------------------------------------- the editing code, when loaded

type TableEditingModule = typeof TableEditing;

let editing: TableEditingModule | null = null;
let loading: Promise<TableEditingModule> | null = null;
/** Editors that have (or are getting) the table-editing plugin. */
const equipped = new WeakSet<Editor>();

/** Whether the table commands work yet (what offers them waits for this). */
export function tableEditingReady(): boolean {
  return editing !== null;
}

function loadEditing(): Promise<TableEditingModule> {
  loading ??= import('./table-editing').then(
    (module) => (editing = module),
    (error: unknown) => {
      loading = null; // the next table tries again
      throw error;
    },
  );
  return loading;
}

function equip(editor: Editor) {
  if (equipped.has(editor)) return;
  equipped.add(editor);
  loadEditing().then(
    (module) => {
      if (editor.isDestroyed) return;
      // First: it handles the mouse and arrow keys in tables before the other plugins.
      editor.registerPlugin(module.tableEditingPlugin(), (plugin, plugins) => [plugin, ...plugins]);
      // An empty transaction, so what shows table tools (the toolbar) looks again. The table
      // plugin may tidy the tables in answer (missing cells): that is no edit of the person's,
      // so it raises no update (the autosave, a card description's onChange, ignore it).
      editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false).setMeta('preventUpdate', true));
    },
    () => equipped.delete(editor),
  );
}

function hasTable(content: Fragment): boolean {
  let found = false;
  content.descendants((node) => {
    if (node.type.name === 'table') found = true;
    return !found && !node.isTextblock;
  });
  return found;
}

// ---------------------------------------------------------------- Markdown

type Align = 'left' | 'right' | 'center' | null;

function alignOf(value: unknown): Align {
  return value === 'left' || value === 'right' || value === 'center' ? value : null;
}

/** Whitespace in a cell's text is one space (the unit separator too); pipes are escaped. */
function cellText(raw: string): string {
  return raw
    .replace(/[ \t]*\r?\n[ \t]*/g, '<br>')
    .replaceAll('\u001f', ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\\.|\|/g, (match) => (match === '|' ? '\\|' : match));
}

/** A GFM table, cells padded to their column's width (at least 3); no header row, an empty one. */
function renderTable(node: JSONContent, h: MarkdownRendererHelpers): string {
  const rows = (node.content ?? []).map((row) =>
    (row.content ?? []).map((cell) => {
      const blocks = cell.content ?? [];
      // Several blocks in a cell: one line each, joined by <br>.
      const raw =
        blocks.length > 1 ? blocks.map((block) => h.renderChildren(block)).join('\n') : h.renderChildren(blocks);
      return { text: cellText(raw), header: cell.type === 'tableHeader', align: alignOf(cell.attrs?.align) };
    }),
  );
  const columns = Math.max(0, ...rows.map((row) => row.length));
  if (columns === 0) return '';
  const indexes = Array.from({ length: columns }, (_, i) => i);
  const widths = indexes.map((i) => Math.max(3, ...rows.map((row) => row[i]?.text.length ?? 0)));
  const aligns = indexes.map((i) => rows.find((row) => row[i]?.align)?.[i]?.align ?? null);
  const hasHeader = rows[0]!.some((cell) => cell.header);
  const line = (texts: string[]) => `| ${indexes.map((i) => (texts[i] ?? '').padEnd(widths[i]!)).join(' | ')} |\n`;
  const rule = indexes.map((i) => {
    const align = aligns[i];
    const left = align === 'left' || align === 'center' ? ':' : '';
    const right = align === 'right' || align === 'center' ? ':' : '';
    return `${left}${'-'.repeat(widths[i]!)}${right}`;
  });
  const body = hasHeader ? rows.slice(1) : rows;
  return (
    `\n${line(hasHeader ? rows[0]!.map((cell) => cell.text) : [])}| ${rule.join(' | ')} |\n` +
    body.map((row) => line(row.map((cell) => cell.text))).join('')
  );
}

/**
 * Escapes the pipes inside code spans of a table line, which GFM would take for cell borders
 * (`a || b` in backticks); marked unescapes them when it splits the cells.
 */
function escapeCodePipes(line: string): string {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (line[i] === '\\' && i + 1 < line.length) {
      out += line.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (line[i] !== '`') {
      out += line[i++];
      continue;
    }
    let open = 0;
    while (line[i + open] === '`') open += 1;
    let j = i + open;
    let closed = false;
    while (j < line.length) {
      if (line[j] !== '`') {
        j += 1;
        continue;
      }
      let close = 0;
      while (line[j + close] === '`') close += 1;
      if (close === open) {
        const code = line.slice(i + open, j).replace(/\\\||\|/g, (match) => (match === '|' ? '\\|' : match));
        out += line.slice(i, i + open) + code + line.slice(j, j + open);
        i = j + open;
        closed = true;
        break;
      }
      j += close;
    }
    if (!closed) {
      out += line.slice(i, i + open);
      i += open;
    }
  }
  return out;
}

const DELIMITER_ROW = /^[ \t|:]*-[ \t|:-]*$/;

/** A table whose code spans hold pipes, read as if they were escaped (as the library does). */
const tableTokenizer: MarkdownTokenizer = {
  name: 'table',
  level: 'block',
  start: (src) => {
    const lines = src.split('\n');
    return lines.length >= 2 && DELIMITER_ROW.test(lines[1]!) && lines[1]!.includes('|') && lines[0]!.includes('|')
      ? 0
      : -1;
  },
  tokenize(src, _tokens, helper) {
    const blank = src.indexOf('\n\n');
    const candidate = blank >= 0 ? src.slice(0, blank) : src;
    const lines = candidate.split('\n');
    if (lines.length < 2 || !DELIMITER_ROW.test(lines[1]!) || !lines[1]!.includes('|')) return undefined;
    const escaped = lines.map((l) => (l.includes('|') && l.includes('`') ? escapeCodePipes(l) : l)).join('\n');
    if (escaped === candidate) return undefined; // marked's own table tokenizer reads it
    const token = helper.blockTokens(escaped)[0];
    if (token?.type !== 'table' || !token.raw) return undefined;
    return { ...token, raw: src.split('\n').slice(0, token.raw.split('\n').length).join('\n') };
  },
};

// ---------------------------------------------------------------- nodes

/** The attributes prosemirror-tables reads on a cell, and its alignment. */
function cellAttributes() {
  const span = (name: 'colspan' | 'rowspan') => ({
    default: 1,
    parseHTML: (element: HTMLElement) => Number(element.getAttribute(name)) || 1,
    renderHTML: (attributes: Record<string, unknown>) => (attributes[name] === 1 ? {} : { [name]: attributes[name] }),
  });
  return {
    colspan: span('colspan'),
    rowspan: span('rowspan'),
    colwidth: {
      default: null,
      parseHTML: (element: HTMLElement) =>
        element
          .getAttribute('colwidth')
          ?.split(',')
          .map((width) => parseInt(width, 10)) ?? null,
    },
    align: {
      default: null,
      parseHTML: (element: HTMLElement) =>
        alignOf((element.style.textAlign || element.getAttribute('align') || '').trim().toLowerCase()),
      renderHTML: (attributes: Record<string, unknown>) => {
        const align = alignOf(attributes.align);
        return isValidCSSStyleValue(align) ? { style: `text-align: ${align}` } : {};
      },
    },
  };
}

export const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
});

export const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
});

export const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

/** A table command of the editing code: false until that is loaded. */
const run =
  (name: keyof TableEditingModule['commands']) =>
  () =>
  ({ state, dispatch }: CommandProps) =>
    editing ? editing.commands[name](state, dispatch) : false;

/** prosemirror-tables finds the table nodes by their role in the schema. */
const TABLE_ROLES: Record<string, string> = {
  table: 'table',
  tableRow: 'row',
  tableCell: 'cell',
  tableHeader: 'header_cell',
};

export const Table = Node.create({
  name: 'table',
  content: 'tableRow+',
  isolating: true,
  group: 'block',

  parseHTML: () => [{ tag: 'table' }],
  // The wrapper scrolls a table wider than the page.
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    { class: 'tableWrapper' },
    ['table', mergeAttributes(HTMLAttributes), ['tbody', 0]],
  ],

  extendNodeSchema: (extension) => (TABLE_ROLES[extension.name] ? { tableRole: TABLE_ROLES[extension.name] } : {}),

  markdownTokenizer: tableTokenizer,
  parseMarkdown: (token: MarkdownToken, h: MarkdownParseHelpers) => {
    const aligns: unknown[] = Array.isArray(token.align) ? token.align : [];
    type Cell = { tokens?: MarkdownToken[]; align?: unknown };
    const cells = (row: Cell[], type: string) =>
      row.map((cell, i) => {
        const align = alignOf(aligns[i] ?? cell.align);
        return h.createNode(type, align ? { align } : {}, [
          { type: 'paragraph', content: h.parseInline(cell.tokens ?? []) },
        ]);
      });
    const rows: JSONContent[] = [];
    if (token.header) rows.push(h.createNode('tableRow', {}, cells(token.header as Cell[], 'tableHeader')));
    for (const row of (token.rows ?? []) as Cell[][]) rows.push(h.createNode('tableRow', {}, cells(row, 'tableCell')));
    return h.createNode('table', undefined, rows);
  },
  renderMarkdown: (node: JSONContent, h: MarkdownRendererHelpers) => renderTable(node, h),

  addCommands() {
    return {
      insertTable:
        ({ rows = 3, cols = 3, withHeaderRow = true } = {}) =>
        ({ tr, dispatch, editor }) => {
          const { table, tableRow, tableHeader, tableCell } = editor.schema.nodes;
          const row = (cell: typeof tableCell) =>
            tableRow!.create(
              null,
              Array.from({ length: cols }, () => cell!.createAndFill()!),
            );
          const node = table!.create(
            null,
            Array.from({ length: rows }, (_, i) => row(withHeaderRow && i === 0 ? tableHeader : tableCell)),
          );
          if (dispatch) {
            const offset = tr.selection.from + 1;
            tr.replaceSelectionWith(node)
              .scrollIntoView()
              .setSelection(TextSelection.near(tr.doc.resolve(offset)));
          }
          return true;
        },
      addRowAfter: run('addRowAfter'),
      deleteRow: run('deleteRow'),
      addColumnAfter: run('addColumnAfter'),
      deleteColumn: run('deleteColumn'),
      deleteTable: run('deleteTable'),
      goToNextCell: run('goToNextCell'),
      goToPreviousCell: run('goToPreviousCell'),
    };
  },

  addKeyboardShortcuts() {
    const deleteWhenAllSelected = () =>
      editing ? editing.deleteTableWhenAllCellsSelected(this.editor.state, this.editor.view.dispatch) : false;
    return {
      // Tab in the last cell adds a row.
      Tab: () =>
        this.editor.commands.goToNextCell() ||
        (this.editor.can().addRowAfter() && this.editor.chain().addRowAfter().goToNextCell().run()),
      'Shift-Tab': () => this.editor.commands.goToPreviousCell(),
      Backspace: deleteWhenAllSelected,
      'Mod-Backspace': deleteWhenAllSelected,
      Delete: deleteWhenAllSelected,
      'Mod-Delete': deleteWhenAllSelected,
    };
  },

  // The editing code comes with the first table an editor shows (not in the headless parser,
  // which has no editor).
  onCreate() {
    if (hasTable(this.editor.state.doc.content)) equip(this.editor);
  },
  onTransaction({ transaction }) {
    if (!transaction.docChanged || equipped.has(this.editor)) return;
    const inserted = (slice: Slice | undefined) => slice !== undefined && hasTable(slice.content);
    if (transaction.steps.some((step) => inserted((step as { slice?: Slice }).slice))) equip(this.editor);
  },
});
