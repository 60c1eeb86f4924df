/**
 * Table editing (prosemirror-tables): cell selection, row and column commands, Tab between cells.
 * A chunk of its own, loaded by the table node (`table.ts`) when an editor first shows a table.
 */
import { findParentNodeClosestToPos } from '@tiptap/core';
import type { ResolvedPos } from '@tiptap/pm/model';
import { TextSelection, type EditorState, type Transaction } from '@tiptap/pm/state';
import {
  addColumnAfter,
  addRowAfter,
  CellSelection,
  deleteColumn,
  deleteRow,
  deleteTable,
  goToNextCell,
  tableEditing,
} from '@tiptap/pm/tables';

export type TableCommand = (state: EditorState, dispatch?: (tr: Transaction) => void) => boolean;

const tableAround = ($pos: ResolvedPos) => findParentNodeClosestToPos($pos, (node) => node.type.name === 'table');

/** After a row or column goes, the cursor stays in the table (at its end if its cell went). */
function keepingCursorInTable(command: TableCommand): TableCommand {
  return (state, dispatch) => {
    const table = tableAround(state.selection.$from);
    const keep = (tr: Transaction) => {
      if (!table) return;
      const pos = tr.mapping.map(table.pos);
      const node = tr.doc.nodeAt(pos);
      if (node && tableAround(tr.selection.$from)?.pos !== pos)
        tr.setSelection(TextSelection.near(tr.doc.resolve(pos + node.nodeSize - 1), -1));
    };
    return command(state, dispatch && ((tr) => dispatch((keep(tr), tr))));
  };
}

export const commands = {
  addRowAfter,
  deleteRow: keepingCursorInTable(deleteRow),
  addColumnAfter,
  deleteColumn: keepingCursorInTable(deleteColumn),
  deleteTable,
  goToNextCell: goToNextCell(1),
  goToPreviousCell: goToNextCell(-1),
} satisfies Record<string, TableCommand>;

/** Backspace or Delete with every cell of a table selected deletes the table. */
export const deleteTableWhenAllCellsSelected: TableCommand = (state, dispatch) => {
  const { selection } = state;
  if (!(selection instanceof CellSelection)) return false;
  const table = tableAround(selection.ranges[0]!.$from);
  let cells = 0;
  table?.node.descendants((node) => {
    if (node.type.name === 'table') return false;
    if (node.type.name === 'tableCell' || node.type.name === 'tableHeader') cells += 1;
  });
  return cells === selection.ranges.length && deleteTable(state, dispatch);
};

export const tableEditingPlugin = () => tableEditing();
