/**
 * The editor side of anchored comments: the "open a comment composer" command and its shortcut,
 * the highlights of commented passages (decorations styled by thread state: open, resolved,
 * active, hovered), and what the margin needs from the editor (where each anchor is, which one
 * the pointer is on, which one was clicked). The `comment` mark and block keys themselves belong to
 * the Markdown layer (`../markdown`).
 */
import { Extension, type Editor } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import { NodeSelection, Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { ReplaceAroundStep, ReplaceStep, type Step } from '@tiptap/pm/transform';
import { Decoration, DecorationSet, type EditorView } from '@tiptap/pm/view';
import { commentRanges } from '../markdown';

/** Where an anchor sits in the document. A block anchor covers the whole node. */
export type AnchorRange = { from: number; to: number; block?: boolean };

/** What a new comment would be attached to. */
export type ComposeTarget = { kind: 'text'; from: number; to: number } | { kind: 'block'; pos: number };

export type ThreadState = 'open' | 'resolved';

/** What the highlights show, set by the comments UI. Keys are anchors (mark ids or `block:KEY`). */
export type CommentUi = {
  /** Anchors that have a thread. Marks without one (a failed comment) are not highlighted. */
  threads: ReadonlyMap<string, ThreadState>;
  active: string | null;
  hovered: string | null;
  /** The element describing an anchor's passage (its thread in the margin), by anchor. */
  described: ReadonlyMap<string, string>;
};

export type CommentUiEvent =
  | { type: 'compose'; target: ComposeTarget }
  | { type: 'hover'; anchor: string | null }
  | { type: 'activate'; anchor: string | null };

type Listener = (event: CommentUiEvent) => void;

export type WikiCommentUiStorage = {
  listeners: Set<Listener>;
  /**
   * A comment asked for (shortcut, toolbar) before anything listened: the comment margin's code
   * loads beside the editor's, so a person can ask before it is there. Its first listener opens it.
   */
  composeAsked: boolean;
};

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    wikiCommentUi: {
      /** Asks the comments UI to open a composer for the selection (text, or a code block or image). */
      openCommentComposer: () => ReturnType;
    };
  }
  interface Storage {
    wikiCommentUi: WikiCommentUiStorage;
  }
}

/** Blocks without marks, commented as a whole (`block:KEY`): the ones the Markdown layer keys. */
const BLOCK_TYPES: readonly string[] = ['codeBlock', 'image'];

type PluginState = {
  anchors: Map<string, AnchorRange[]>;
  ui: CommentUi;
  /** The passage a composer is open for (mapped through edits), shown as a pending highlight. */
  pending: ComposeTarget | null;
  decorations: DecorationSet;
};

type Meta = { ui?: CommentUi; pending?: ComposeTarget | null };

const key = new PluginKey<PluginState>('wikiCommentUi');
const EMPTY_UI: CommentUi = { threads: new Map(), active: null, hovered: null, described: new Map() };

/** The block anchor of a keyed node. */
export const blockAnchor = (blockKey: string) => `block:${blockKey}`;

/** Every anchor of the document: comment mark ids and keyed blocks, each with its ranges. */
export function anchorsOf(doc: PMNode): Map<string, AnchorRange[]> {
  const anchors = new Map<string, AnchorRange[]>(commentRanges(doc));
  doc.descendants((node, pos) => {
    if (node.isTextblock && node.type.name !== 'codeBlock') return false;
    const blockKey = node.attrs.blockKey as unknown;
    if (typeof blockKey === 'string' && BLOCK_TYPES.includes(node.type.name)) {
      anchors.set(blockAnchor(blockKey), [{ from: pos, to: pos + node.nodeSize, block: true }]);
      return false;
    }
    return !node.isTextblock;
  });
  return anchors;
}

/** Whether a change may have added or removed anchors (mapping the old ones would not do). */
function touchesAnchors(step: Step): boolean {
  if (!(step instanceof ReplaceStep || step instanceof ReplaceAroundStep)) return true;
  const { slice } = step as ReplaceStep;
  let found = false;
  slice.content.descendants((node) => {
    if (found) return false;
    if (node.marks.some((mark) => mark.type.name === 'comment') || node.attrs.blockKey) found = true;
    return !found;
  });
  return found;
}

function mapAnchors(anchors: Map<string, AnchorRange[]>, tr: Transaction) {
  const mapped = new Map<string, AnchorRange[]>();
  for (const [anchor, ranges] of anchors) {
    const next = ranges
      .map((range) => ({ ...range, from: tr.mapping.map(range.from, 1), to: tr.mapping.map(range.to, -1) }))
      .filter((range) => range.to > range.from);
    if (next.length > 0) mapped.set(anchor, next);
  }
  return mapped;
}

function mapPending(pending: ComposeTarget | null, tr: Transaction): ComposeTarget | null {
  if (!pending) return null;
  if (pending.kind === 'block') {
    const result = tr.mapping.mapResult(pending.pos, 1);
    return result.deleted ? null : { kind: 'block', pos: result.pos };
  }
  const from = tr.mapping.map(pending.from, 1);
  const to = tr.mapping.map(pending.to, -1);
  return to > from ? { kind: 'text', from, to } : null;
}

function decorate(doc: PMNode, anchors: Map<string, AnchorRange[]>, ui: CommentUi, pending: ComposeTarget | null) {
  const decorations: Decoration[] = [];
  for (const [anchor, ranges] of anchors) {
    const state = ui.threads.get(anchor);
    if (!state) continue;
    const classes = ['wiki-comment-hl', state === 'resolved' ? 'is-resolved' : 'is-open'];
    if (ui.active === anchor) classes.push('is-active');
    if (ui.hovered === anchor) classes.push('is-hovered');
    const attrs: Record<string, string> = { class: classes.join(' '), 'data-anchor': anchor };
    const describedBy = ui.described.get(anchor);
    if (describedBy) attrs['aria-describedby'] = describedBy;
    for (const range of ranges) {
      decorations.push(
        range.block ? Decoration.node(range.from, range.to, attrs) : Decoration.inline(range.from, range.to, attrs),
      );
    }
  }
  if (pending?.kind === 'text') {
    decorations.push(Decoration.inline(pending.from, pending.to, { class: 'wiki-comment-pending' }));
  } else if (pending?.kind === 'block') {
    const node = doc.nodeAt(pending.pos);
    if (node)
      decorations.push(Decoration.node(pending.pos, pending.pos + node.nodeSize, { class: 'wiki-comment-pending' }));
  }
  return DecorationSet.create(doc, decorations);
}

/** The anchors around `pos` that have a thread, the preferred one first (open, then shortest). */
function threadAnchorsAt(state: PluginState, pos: number): string[] {
  const found: { anchor: string; length: number; open: boolean }[] = [];
  for (const [anchor, ranges] of state.anchors) {
    const thread = state.ui.threads.get(anchor);
    if (!thread) continue;
    const range = ranges.find((r) => r.from <= pos && (r.block ? pos < r.to : pos <= r.to));
    if (range) found.push({ anchor, length: range.to - range.from, open: thread === 'open' });
  }
  found.sort((a, b) => Number(b.open) - Number(a.open) || a.length - b.length);
  return found.map((item) => item.anchor);
}

/** What a comment on the current selection would attach to, or null when there is nothing to comment on. */
export function composeTargetOf(state: EditorState): ComposeTarget | null {
  const { selection } = state;
  if (selection instanceof NodeSelection) {
    if (BLOCK_TYPES.includes(selection.node.type.name)) return { kind: 'block', pos: selection.from };
  }
  const { $from, from, to, empty } = selection;
  // Inside a code block the comment goes on the whole block (it has no marks).
  if ($from.parent.type.name === 'codeBlock' && (empty || $from.sameParent(selection.$to))) {
    return { kind: 'block', pos: $from.before() };
  }
  if (empty) return null;
  if (!state.doc.textBetween(from, to, ' ', ' ').trim()) return null;
  return { kind: 'text', from, to };
}

/**
 * Makes the editor take in the selection the browser shows now. Shift+arrows move the browser's
 * selection and ProseMirror reads it on `selectionchange`, an event that comes later: a shortcut
 * pressed right after (a busy machine can take the key first) would see the selection one step
 * behind and comment on "launc" for "launch". `domObserver` is internal to prosemirror-view; its
 * `flush` is what its own input handlers call for the same reason.
 */
function readDomSelection(view: EditorView) {
  (view as EditorView & { domObserver?: { flush(): void } }).domObserver?.flush();
}

function emit(storage: WikiCommentUiStorage, event: CommentUiEvent) {
  if (event.type === 'compose' && storage.listeners.size === 0) storage.composeAsked = true;
  for (const listener of storage.listeners) listener(event);
}

export const WikiCommentUi = Extension.create<Record<string, never>, WikiCommentUiStorage>({
  name: 'wikiCommentUi',

  addStorage() {
    return { listeners: new Set<Listener>(), composeAsked: false };
  },

  addCommands() {
    return {
      openCommentComposer:
        () =>
        ({ state, dispatch, editor }) => {
          // A read-only page (archived) takes no new marks.
          if (!editor.isEditable) return false;
          const target = composeTargetOf(state);
          if (!target) return false;
          if (dispatch) emit(this.storage, { type: 'compose', target });
          return true;
        },
    };
  },

  addKeyboardShortcuts() {
    return {
      'Mod-Alt-m': () => {
        readDomSelection(this.editor.view);
        return this.editor.commands.openCommentComposer();
      },
    };
  },

  addProseMirrorPlugins() {
    const storage = this.storage;
    let hovered: string | null = null;
    const hover = (anchor: string | null) => {
      if (anchor === hovered) return;
      hovered = anchor;
      emit(storage, { type: 'hover', anchor });
    };
    return [
      new Plugin<PluginState>({
        key,
        state: {
          init: (_config, state) => {
            const anchors = anchorsOf(state.doc);
            return { anchors, ui: EMPTY_UI, pending: null, decorations: decorate(state.doc, anchors, EMPTY_UI, null) };
          },
          apply: (tr, value, _old, state) => {
            const meta = tr.getMeta(key) as Meta | undefined;
            if (!tr.docChanged && !meta) return value;
            let { anchors, pending } = value;
            if (tr.docChanged) {
              anchors = tr.steps.some(touchesAnchors) ? anchorsOf(state.doc) : mapAnchors(anchors, tr);
              pending = mapPending(pending, tr);
            }
            const ui = meta?.ui ?? value.ui;
            if (meta && 'pending' in meta) pending = meta.pending ?? null;
            return { anchors, ui, pending, decorations: decorate(state.doc, anchors, ui, pending) };
          },
        },
        props: {
          decorations: (state) => key.getState(state)?.decorations,
          handleClick: (view: EditorView, pos: number) => {
            const state = key.getState(view.state);
            if (!state) return false;
            const anchor = threadAnchorsAt(state, pos)[0] ?? null;
            // After the click is done: the listeners change the highlights with a transaction, and one
            // dispatched while ProseMirror is still handling the click writes the old selection back
            // over the one the click made in the page (the click was lost).
            setTimeout(() => emit(storage, { type: 'activate', anchor }));
            return false;
          },
          handleDOMEvents: {
            mouseover: (view, event) => {
              const element = (event.target as Element | null)?.closest?.('[data-anchor]');
              hover(element && view.dom.contains(element) ? element.getAttribute('data-anchor') : null);
              return false;
            },
            mouseleave: () => {
              hover(null);
              return false;
            },
          },
        },
      }),
    ];
  },
});

/** The anchors of the editor's document with their ranges (kept up to date by the plugin). */
export function editorAnchors(editor: Editor): Map<string, AnchorRange[]> {
  return key.getState(editor.state)?.anchors ?? new Map();
}

/** The composer's passage, mapped through the edits made since it opened. */
export function pendingTarget(editor: Editor): ComposeTarget | null {
  return key.getState(editor.state)?.pending ?? null;
}

export function setPendingTarget(editor: Editor, pending: ComposeTarget | null) {
  if (editor.isDestroyed || !key.getState(editor.state)) return;
  editor.view.dispatch(editor.state.tr.setMeta(key, { pending } satisfies Meta));
}

/** Sets what the highlights show. */
export function setCommentUi(editor: Editor, ui: CommentUi) {
  if (editor.isDestroyed || !key.getState(editor.state)) return;
  editor.view.dispatch(editor.state.tr.setMeta(key, { ui } satisfies Meta));
}

/** Listens to the editor's comment events (composer requested, hover, click); returns an unsubscribe. */
export function onCommentUiEvent(editor: Editor, listener: Listener): () => void {
  const storage = editor.storage.wikiCommentUi;
  if (!storage) return () => undefined;
  storage.listeners.add(listener);
  if (storage.composeAsked) {
    storage.composeAsked = false;
    // Asked again from the selection as it is now (the text may have changed since).
    editor.commands.openCommentComposer();
  }
  return () => storage.listeners.delete(listener);
}
