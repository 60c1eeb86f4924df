import { describe, expect, it } from 'vitest';
import { clickRow, emptySelection, moveFocus, pruneSelection, selectAll } from './selection';

const ids = ['a', 'b', 'c', 'd', 'e'];
const selected = (state: { selected: ReadonlySet<string> }) => [...state.selected].sort();

describe('file selection', () => {
  it('a click selects one row; Ctrl toggles; Shift selects from the anchor', () => {
    let state = clickRow(emptySelection, ids, 'b', {});
    expect(selected(state)).toEqual(['b']);
    state = clickRow(state, ids, 'd', { toggle: true });
    expect(selected(state)).toEqual(['b', 'd']);
    expect(state.anchor).toBe('d');
    state = clickRow(state, ids, 'd', { toggle: true });
    expect(selected(state)).toEqual(['b']);
    state = clickRow(clickRow(emptySelection, ids, 'b', {}), ids, 'e', { shift: true });
    expect(selected(state)).toEqual(['b', 'c', 'd', 'e']);
    // A second Shift+click re-ranges from the same anchor.
    state = clickRow(state, ids, 'a', { shift: true });
    expect(selected(state)).toEqual(['a', 'b']);
    // Ctrl+Shift adds a range to what is selected.
    state = clickRow(clickRow(state, ids, 'e', { toggle: true }), ids, 'c', { shift: true, toggle: true });
    expect(selected(state)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('arrows move and select; Shift extends from the anchor; Ctrl moves the focus alone', () => {
    let state = moveFocus(emptySelection, ids, 1, {});
    expect(state).toMatchObject({ focus: 'b', anchor: 'b' });
    state = moveFocus(state, ids, 3, { shift: true });
    expect(selected(state)).toEqual(['b', 'c', 'd']);
    state = moveFocus(state, ids, 0, { shift: true });
    expect(selected(state)).toEqual(['a', 'b']);
    state = moveFocus(state, ids, 4, { keep: true });
    expect(state.focus).toBe('e');
    expect(selected(state)).toEqual(['a', 'b']);
    // Past either end stays at the end.
    expect(moveFocus(state, ids, 99, {}).focus).toBe('e');
    expect(moveFocus(state, ids, -3, {}).focus).toBe('a');
    expect(selected(selectAll(state, ids))).toEqual(ids);
  });

  it('rows that leave the list leave the selection; the focus goes to the next row still there', () => {
    const state = { selected: new Set(['b', 'c']), focus: 'c', anchor: 'b' };
    const next = pruneSelection(state, ['a', 'b', 'd', 'e'], ids);
    expect(selected(next)).toEqual(['b']);
    expect(next.focus).toBe('d');
    expect(next.anchor).toBe('b');
    const last = pruneSelection({ selected: new Set(['e']), focus: 'e', anchor: 'e' }, ['a', 'b'], ids);
    expect(last).toMatchObject({ focus: 'b', anchor: 'b' });
    expect(pruneSelection(state, ids, ids)).toBe(state);
  });
});
