/**
 * Which rows are selected, which has the focus, and where a Shift range starts (the anchor):
 * the rules of a file manager's selection, apart from React so they can be tested alone.
 */
export type Selection = {
  selected: ReadonlySet<string>;
  /** The row with the focus (the roving tab stop), or null before any. */
  focus: string | null;
  /** Where the next Shift+click or Shift+arrow range starts. */
  anchor: string | null;
};

export const emptySelection: Selection = { selected: new Set(), focus: null, anchor: null };

function range(ids: readonly string[], from: string | null, to: string): Set<string> {
  const end = ids.indexOf(to);
  const start = from === null ? -1 : ids.indexOf(from);
  if (start === -1) return new Set([to]);
  const [low, high] = start <= end ? [start, end] : [end, start];
  return new Set(ids.slice(low, high + 1));
}

/** A click: alone it selects the row; Ctrl/⌘ adds or removes it; Shift selects from the anchor. */
export function clickRow(
  state: Selection,
  ids: readonly string[],
  id: string,
  modifiers: { shift?: boolean; toggle?: boolean },
): Selection {
  if (modifiers.shift) {
    const extended = range(ids, state.anchor, id);
    // Ctrl+Shift adds the range to what was selected.
    const selected = modifiers.toggle ? new Set([...state.selected, ...extended]) : extended;
    return { selected, focus: id, anchor: state.anchor ?? id };
  }
  if (modifiers.toggle) {
    const selected = new Set(state.selected);
    if (selected.has(id)) selected.delete(id);
    else selected.add(id);
    return { selected, focus: id, anchor: id };
  }
  return { selected: new Set([id]), focus: id, anchor: id };
}

/**
 * The focus moves to row `index` by the keyboard: alone it selects that row; Shift extends the
 * range from the anchor; Ctrl/⌘ moves the focus and leaves the selection (Ctrl+Space then toggles).
 */
export function moveFocus(
  state: Selection,
  ids: readonly string[],
  index: number,
  modifiers: { shift?: boolean; keep?: boolean },
): Selection {
  if (ids.length === 0) return state;
  const id = ids[Math.max(0, Math.min(ids.length - 1, index))]!;
  if (modifiers.shift)
    return {
      selected: range(ids, state.anchor ?? state.focus, id),
      focus: id,
      anchor: state.anchor ?? state.focus ?? id,
    };
  if (modifiers.keep) return { ...state, focus: id };
  return { selected: new Set([id]), focus: id, anchor: id };
}

export function selectAll(state: Selection, ids: readonly string[]): Selection {
  return { ...state, selected: new Set(ids), focus: state.focus ?? ids[0] ?? null };
}

/** Forgets rows that left the list (moved, deleted); the focus goes to the nearest row still there. */
export function pruneSelection(state: Selection, ids: readonly string[], previousIds: readonly string[]): Selection {
  const present = new Set(ids);
  const selected = [...state.selected].filter((id) => present.has(id));
  let focus = state.focus;
  if (focus !== null && !present.has(focus)) {
    const was = previousIds.indexOf(focus);
    const after = previousIds.slice(was + 1).find((id) => present.has(id));
    const before = previousIds
      .slice(0, Math.max(0, was))
      .reverse()
      .find((id) => present.has(id));
    focus = after ?? before ?? ids[0] ?? null;
  }
  const anchor = state.anchor !== null && present.has(state.anchor) ? state.anchor : focus;
  if (selected.length === state.selected.size && focus === state.focus && anchor === state.anchor) return state;
  return { selected: new Set(selected), focus, anchor };
}
