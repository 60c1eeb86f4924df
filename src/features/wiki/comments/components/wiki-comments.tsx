import type { Editor } from '@tiptap/core';
import { NodeSelection, type Transaction } from '@tiptap/pm/state';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage, onLiveEvent } from '@/api';
import { useMe } from '@/features/auth';
import {
  commentQueries,
  threadsOf,
  useCommentLive,
  useHighlightedComment,
  useCommentMutations,
  type CommentChange,
  type Thread,
} from '@/features/comments';
import { Button, QueryNotice } from '@/ui';
import { createAnchoredThread } from '../create-thread';
import {
  composeTargetOf,
  editorAnchors,
  onCommentUiEvent,
  pendingTarget,
  setCommentUi,
  setPendingTarget,
  type AnchorRange,
  type CommentUi,
  type ThreadState,
} from '../extension';
import { useMediaQuery } from '../hooks/use-media-query';
import { stackMargin, type MarginItem } from '../layout';
import { filterOf, threadOf, type ThreadFilter } from '../model';
import { wikiCommentTarget } from '../target';
import { AllCommentsPanel } from './all-comments-panel';
import { MarginThread } from './margin-thread';
import { NewThreadComposer } from './new-thread-composer';
import '../wiki-comments.css';

export type WikiCommentsProps = {
  /** The page's editor (with the `WikiCommentUi` extension), or null while it loads. */
  editor: Editor | null;
  projectId: string;
  pageId: string;
  /** The page as last saved; a new revision may detach or reattach threads. */
  page: { revisionId: string };
  /** Saves the page now (a new thread's mark must be stored before the thread is created). */
  saveNow: () => Promise<unknown>;
  /** The thread to show (the `?thread=` deep link): a root or a reply id. */
  threadId?: string;
  /** Called when the shown thread changes, to keep the URL in step. */
  onThreadChange?: (id?: string) => void;
};

/** Below this width the margin has no room: threads open in a side panel. */
const NARROW = '(max-width: 1099px)';
const COMPOSER_ID = '__composer';

function joinKeys(keys: Iterable<string>) {
  return [...keys].join(' ');
}

/** Anchors of the editor's document, in document order. */
function anchorOrder(editor: Editor | null): string {
  if (!editor || editor.isDestroyed) return '';
  const entries = [...editorAnchors(editor)].sort((a, b) => a[1][0]!.from - b[1][0]!.from);
  return joinKeys(entries.map(([anchor]) => anchor));
}

/** Viewport top of a range's first line (or of a block), or null when it cannot be measured. */
function rangeTop(editor: Editor, range: AnchorRange | undefined): number | null {
  if (!range || editor.isDestroyed) return null;
  try {
    if (range.block) {
      const dom = editor.view.nodeDOM(range.from);
      if (dom instanceof HTMLElement) return dom.getBoundingClientRect().top;
    }
    return editor.view.coordsAtPos(Math.min(range.from, editor.state.doc.content.size), 1).top;
  } catch {
    return null;
  }
}

function reducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Anchored comment threads of a wiki page, for the margin column beside its editor: one card per
 * thread, level with its passage; a composer for a new thread at the selection; the
 * all-comments panel (open / resolved / detached). On a narrow screen the threads open in a side
 * panel instead.
 */
export function WikiComments({
  editor,
  projectId,
  pageId,
  page,
  saveNow,
  threadId,
  onThreadChange,
}: WikiCommentsProps) {
  const me = useMe();
  const queryClient = useQueryClient();
  const target = useMemo(() => wikiCommentTarget(projectId, pageId), [projectId, pageId]);
  const query = useQuery(commentQueries.thread(target));
  useCommentLive(target);
  const narrow = useMediaQuery(NARROW);

  // --- What the editor holds: anchors present, in order. ---
  const [order, setOrder] = useState(() => anchorOrder(editor));
  const orderList = useMemo(() => (order ? order.split(' ') : []), [order]);
  const present = useMemo(() => new Set(orderList), [orderList]);

  // --- Threads ---
  const threads = useMemo(() => threadsOf(query.data ?? []), [query.data]);
  const [activeId, setActiveId] = useState<string | null>(() => threadId ?? null);
  const activeThread = threadOf(threads, activeId);
  const activeRootId = activeThread?.root.id ?? null;
  const activeAnchor = activeThread?.root.anchor ?? null;
  const [hovered, setHovered] = useState<string | null>(null);
  const [panel, setPanel] = useState<{ filter: ThreadFilter } | null>(null);
  const [composing, setComposing] = useState<{ quote: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<unknown>(null);

  // Deleting a thread takes its mark out of the text (the next save stores that).
  const onChange = useCallback(
    (change: CommentChange) => {
      const { comment } = change;
      if (change.type !== 'deleted' || comment.parentId !== null || !comment.anchor) return;
      if (comment.id === activeRootId) setActiveId(null);
      if (editor && !editor.isDestroyed && !comment.anchor.startsWith('block:')) {
        editor.chain().setMeta('addToHistory', false).unsetComment(comment.anchor).run();
      }
    },
    [editor, activeRootId],
  );
  const mutations = useCommentMutations(target, onChange);

  const marginThreads = useMemo(() => {
    const position = new Map(orderList.map((anchor, index) => [anchor, index]));
    return threads
      .filter(
        ({ root }) =>
          root.anchor && !root.detachedAt && present.has(root.anchor) && (!root.resolvedAt || root.id === activeRootId),
      )
      .sort((a, b) => position.get(a.root.anchor!)! - position.get(b.root.anchor!)!);
  }, [threads, present, orderList, activeRootId]);

  // --- Activation ---
  // The latest values, for editor callbacks registered once.
  const activeRef = useRef<string | null>(null);
  const narrowRef = useRef(narrow);
  const threadsRef = useRef(threads);
  /**
   * The card that sits exactly level with its passage (the others make room): the thread shown
   * from the text, a link or the panel. Activating a card by clicking it keeps the layout, so the
   * card does not move under the pointer.
   */
  const [pinned, setPinned] = useState<string | null>(() => threadId ?? null);
  const pinnedRootId = threadOf(threads, pinned)?.root.id ?? null;
  const layoutPriority = useRef<string | null>(null);
  useLayoutEffect(() => {
    activeRef.current = composing ? COMPOSER_ID : activeRootId;
    layoutPriority.current = composing ? COMPOSER_ID : pinnedRootId;
    narrowRef.current = narrow;
    threadsRef.current = threads;
  });
  /** A passage to bring into view once it can be found (deep link, "Show in text"). */
  const [scrollTo, setScrollTo] = useState<{ id: string } | null>(() => (threadId ? { id: threadId } : null));
  const focusRequest = useRef<string | null>(null);

  const activate = useCallback(
    (id: string | null, how: { scrollText?: boolean; keepLayout?: boolean } = {}) => {
      setActiveId(id);
      if (!how.keepLayout) setPinned(id);
      if (id && how.scrollText) setScrollTo({ id });
      onThreadChange?.(id ?? undefined);
    },
    [onThreadChange],
  );

  // The deep link (or a link followed later) shows its thread and scrolls to the passage.
  const [linked, setLinked] = useState(threadId);
  if (threadId !== linked) {
    setLinked(threadId);
    if (threadId && threadId !== activeId) {
      setActiveId(threadId);
      setPinned(threadId);
      setScrollTo({ id: threadId });
    }
  }

  const openPanel = useCallback((filter: ThreadFilter) => setPanel({ filter }), []);

  // --- Follow the editor ---
  /** Where the floating "Add comment" button goes: just above the start of a selection. */
  const [addAt, setAddAt] = useState<{ top: number; left: number } | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  const frame = useRef(0);

  const relayout = useCallback(() => {
    const host = layer.current;
    if (!host || !editor || editor.isDestroyed) return;
    // No thread in the margin (most pages, while typing): nothing to measure, so no forced layout.
    if (!host.querySelector('[data-margin-id]')) {
      host.style.minHeight = '';
      return;
    }
    const base = host.getBoundingClientRect().top;
    const anchors = editorAnchors(editor);
    const items: MarginItem[] = [];
    const cards = new Map<string, HTMLElement>();
    for (const card of host.querySelectorAll<HTMLElement>('[data-margin-id]')) {
      const id = card.dataset.marginId!;
      const anchor = card.dataset.marginAnchor;
      let top: number | null = null;
      if (id === COMPOSER_ID) {
        const pending = pendingTarget(editor);
        top = pending
          ? rangeTop(
              editor,
              pending.kind === 'text'
                ? { from: pending.from, to: pending.to }
                : { from: pending.pos, to: pending.pos + 1, block: true },
            )
          : null;
      } else if (anchor) {
        top = rangeTop(editor, anchors.get(anchor)?.[0]);
      }
      if (top === null) {
        card.style.visibility = 'hidden';
        continue;
      }
      items.push({ id, anchor: top - base, height: card.offsetHeight });
      cards.set(id, card);
    }
    const tops = stackMargin(items, { activeId: layoutPriority.current, gap: 8 });
    let bottom = 0;
    for (const [id, top] of tops) {
      const card = cards.get(id)!;
      card.style.top = `${Math.round(top)}px`;
      card.style.visibility = '';
      bottom = Math.max(bottom, top + card.offsetHeight);
    }
    host.style.minHeight = `${Math.ceil(bottom)}px`;
  }, [editor]);

  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      relayout();
    });
  }, [relayout]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Editor events: anchors and selection after each change, composer requests, hover, clicks.
  useEffect(() => {
    if (!editor) return;
    const follow = ({ transaction }: { transaction?: Transaction }) => {
      // Meta-only transactions (highlight state, pending passage) move nothing.
      if (transaction && !transaction.docChanged && !transaction.selectionSet) return;
      setOrder(anchorOrder(editor));
      const { selection } = editor.state;
      let at: { top: number; left: number } | null = null;
      if (
        !selection.empty &&
        !editor.isDestroyed &&
        editor.isEditable &&
        layer.current &&
        composeTargetOf(editor.state)
      ) {
        try {
          const dom = selection instanceof NodeSelection ? editor.view.nodeDOM(selection.from) : null;
          const rect =
            dom instanceof HTMLElement ? dom.getBoundingClientRect() : editor.view.coordsAtPos(selection.from, 1);
          const base = layer.current.getBoundingClientRect();
          at = { top: Math.round(rect.top - base.top - 36), left: Math.round(rect.left - base.left) };
        } catch {
          at = null;
        }
      }
      setAddAt((current) => (current && at && current.top === at.top && current.left === at.left ? current : at));
      schedule();
    };
    const followAll = () => follow({});
    followAll();
    editor.on('transaction', follow);
    editor.on('mount', followAll);
    const stop = onCommentUiEvent(editor, (event) => {
      if (event.type === 'hover') setHovered(event.anchor);
      else if (event.type === 'compose') {
        setPendingTarget(editor, event.target);
        const { doc } = editor.state;
        const quote =
          event.target.kind === 'text'
            ? doc.textBetween(event.target.from, event.target.to, ' ', ' ')
            : (doc.nodeAt(event.target.pos)?.textContent ?? '');
        setComposing({ quote: quote.replace(/\s+/g, ' ').trim().slice(0, 300) });
        setSendError(null);
        if (narrowRef.current) setPanel((current) => current ?? { filter: 'open' });
      } else if (event.type === 'activate') {
        const candidates = threadsRef.current.filter(
          (thread) => event.anchor && thread.root.anchor === event.anchor && !thread.root.detachedAt,
        );
        const chosen =
          candidates.find((thread) => thread.root.id === activeRef.current) ??
          candidates.find((thread) => !thread.root.resolvedAt) ??
          candidates[0];
        if (chosen) {
          activate(chosen.root.id);
          if (narrowRef.current) {
            focusRequest.current = `wiki-panel-thread-${chosen.root.id}`;
            setPanel({ filter: filterOf(chosen.root) });
          }
        } else if (activeRef.current && activeRef.current !== COMPOSER_ID) {
          activate(null);
        }
      }
    });
    return () => {
      editor.off('transaction', follow);
      editor.off('mount', followAll);
      stop();
    };
  }, [editor, schedule, activate]);

  // Re-align on resizes: the column, the editor, each card (a reply box opening).
  useEffect(() => {
    if (!editor || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(schedule);
    if (layer.current) observer.observe(layer.current);
    if (!editor.isDestroyed) observer.observe(editor.view.dom);
    layer.current?.querySelectorAll('[data-margin-id]').forEach((card) => observer.observe(card));
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [editor, schedule, marginThreads, composing, narrow]);

  useLayoutEffect(() => {
    relayout();
  });

  // --- The highlights follow the threads ---
  const ui = useMemo<CommentUi>(() => {
    const states = new Map<string, ThreadState>();
    for (const { root } of threads) {
      if (!root.anchor || root.detachedAt) continue;
      if (states.get(root.anchor) !== 'open') states.set(root.anchor, root.resolvedAt ? 'resolved' : 'open');
    }
    const described = new Map<string, string>();
    if (!narrow) for (const { root } of marginThreads) described.set(root.anchor!, `wiki-thread-desc-${root.id}`);
    return { threads: states, active: activeAnchor, hovered, described };
  }, [threads, marginThreads, activeAnchor, hovered, narrow]);
  useEffect(() => {
    if (editor) setCommentUi(editor, ui);
    if (!editor) return;
    // Set again once the view exists (the editor may mount after this effect ran).
    const apply = () => setCommentUi(editor, ui);
    editor.on('mount', apply);
    return () => void editor.off('mount', apply);
  }, [editor, ui]);

  // --- Scroll to a passage (deep link, "Show in text"); a thread not in the text opens in the panel ---
  const scrolled = useRef<object | null>(null);
  useEffect(() => {
    if (!scrollTo || scrolled.current === scrollTo || !editor || editor.isDestroyed || !query.data) return;
    const thread = threadOf(threads, scrollTo.id);
    const anchor = thread?.root.anchor;
    if (!thread || !anchor || thread.root.detachedAt || !present.has(anchor)) {
      // Not in the text (detached, on the whole page, or gone): show it in the panel instead.
      const next = requestAnimationFrame(() => {
        scrolled.current = scrollTo;
        if (!thread) return;
        focusRequest.current = `wiki-panel-thread-${thread.root.id}`;
        openPanel(filterOf(thread.root));
      });
      return () => cancelAnimationFrame(next);
    }
    const element = editor.view.dom.querySelector(`[data-anchor="${CSS.escape(anchor)}"]`);
    if (!element) return;
    scrolled.current = scrollTo;
    element.scrollIntoView({ block: 'center', behavior: reducedMotion() ? 'auto' : 'smooth' });
  }, [scrollTo, editor, query.data, threads, present, ui, openPanel]);
  useEffect(() => {
    const id = focusRequest.current;
    const element = id ? document.getElementById(id) : null;
    if (!element) return;
    focusRequest.current = null;
    element.focus();
  });

  // --- Detached state changes with saves: read the threads again ---
  useEffect(() => {
    const stop = onLiveEvent('wiki.page.saved', ({ data }) => {
      if (data.pageId === pageId) void queryClient.invalidateQueries({ queryKey: target.key });
    });
    return stop;
  }, [pageId, queryClient, target]);
  // Our own saves: only a change of the anchors present can detach or reattach a thread.
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  });
  const savedOrder = useRef<string | null>(null);
  useEffect(() => {
    if (savedOrder.current !== null && savedOrder.current !== orderRef.current) {
      void queryClient.invalidateQueries({ queryKey: target.key });
    }
    savedOrder.current = orderRef.current;
  }, [page.revisionId, queryClient, target]);

  // --- New thread ---
  const closeComposer = useCallback(
    (refocus: boolean) => {
      setComposing(null);
      setSendError(null);
      if (!editor || editor.isDestroyed) return;
      const pending = pendingTarget(editor);
      setPendingTarget(editor, null);
      if (refocus) {
        if (pending?.kind === 'text')
          editor.chain().setTextSelection({ from: pending.from, to: pending.to }).focus().run();
        else editor.commands.focus();
      }
    },
    [editor],
  );

  const submit = useCallback(
    (text: string, done: () => void) => {
      if (!editor || editor.isDestroyed) return;
      const pending = pendingTarget(editor);
      if (!pending) {
        setSendError(new ApiError(0, 'The passage is no longer in the page.'));
        return;
      }
      setSending(true);
      setSendError(null);
      createAnchoredThread({
        editor,
        target: pending,
        text,
        saveNow,
        create: (input) => mutations.create.mutateAsync(input),
      })
        .then((comment) => {
          const passage = pendingTarget(editor);
          done();
          closeComposer(false);
          activate(comment.id);
          if (editor.isDestroyed) return;
          // Back to the text, the caret after the passage (a selection would offer "Add comment" again).
          const caret = passage?.kind === 'text' ? passage.to : editor.state.selection.to;
          editor.chain().setTextSelection(caret).focus().run();
        })
        .catch((error: unknown) => setSendError(error))
        .finally(() => setSending(false));
    },
    [editor, saveNow, mutations.create, closeComposer, activate],
  );

  // --- "Show in text": select the passage and put the caret there ---
  const showInText = useCallback(
    (thread: Thread) => {
      const anchor = thread.root.anchor;
      if (!editor || editor.isDestroyed || !anchor) return;
      const range = editorAnchors(editor).get(anchor)?.[0];
      if (!range) return;
      activate(thread.root.id, { scrollText: true });
      if (range.block) editor.chain().setNodeSelection(range.from).focus().run();
      else editor.chain().setTextSelection({ from: range.from, to: range.to }).focus().run();
      if (narrowRef.current) setPanel(null);
    },
    [editor, activate],
  );

  const counts = useMemo(() => {
    const result: Record<ThreadFilter, number> = { open: 0, resolved: 0, detached: 0 };
    for (const { root } of threads) result[filterOf(root)]++;
    return result;
  }, [threads]);

  const composer = composing && (
    <NewThreadComposer
      pageId={pageId}
      quote={composing.quote}
      pending={sending}
      error={sendError}
      onSubmit={submit}
      onCancel={() => closeComposer(true)}
    />
  );

  const panelView = panel && (
    <AllCommentsPanel
      filter={panel.filter}
      onFilter={(filter) => setPanel({ filter })}
      onClose={() => setPanel(null)}
      threads={threads}
      counts={counts}
      present={present}
      activeId={activeRootId}
      target={target}
      userId={me.user.id}
      mutations={mutations}
      onShowInText={showInText}
      onActivate={(thread) => activate(thread.root.id)}
      composer={narrow ? composer : null}
    />
  );

  // A linked comment (`?comment=`) that is no longer there: said, politely, once the threads are in.
  const linkedComment = useHighlightedComment();
  const linkGone = Boolean(linkedComment && query.data && !query.data.some((comment) => comment.id === linkedComment));
  const linkNote = (
    <p className={linkGone ? 'muted wiki-comments-link-note' : 'visually-hidden'} role="status">
      {linkGone ? 'That comment was deleted.' : ''}
    </p>
  );

  const summary = `${counts.open} open${counts.resolved ? `, ${counts.resolved} resolved` : ''}${
    counts.detached ? `, ${counts.detached} detached` : ''
  }`;

  // The panel is a landmark of its own: outside the margin's region (landmarks do not nest).
  if (narrow) {
    return (
      <>
        <section className="wiki-comments" data-narrow="" aria-label="Comments">
          <div className="wiki-comments-bar">
            <Button size="small" onClick={() => setPanel({ filter: 'open' })} aria-haspopup="dialog">
              Comments ({summary})
            </Button>
          </div>
          {linkNote}
          {query.isError && (
            <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
          )}
        </section>
        {panelView}
      </>
    );
  }

  return (
    <>
      <section className="wiki-comments" aria-label="Comments">
        <div className="wiki-comments-bar">
          <Button size="small" variant="ghost" onClick={() => setPanel({ filter: 'open' })}>
            All comments <span className="muted">({summary})</span>
          </Button>
        </div>
        {linkNote}
        {query.isError && (
          <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        )}
        <div className="wiki-margin-layer" ref={layer}>
          {addAt && !composing && (
            <Button
              size="small"
              className="wiki-comment-add"
              style={{ top: addAt.top, left: addAt.left }}
              aria-keyshortcuts="Control+Alt+M Meta+Alt+M"
              title="Comment on the selection (Ctrl+Alt+M)"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor?.commands.openCommentComposer()}
            >
              Add comment
            </Button>
          )}
          {composing && (
            <div className="wiki-margin-card wiki-margin-composer" data-margin-id={COMPOSER_ID} data-active="">
              {composer}
            </div>
          )}
          {marginThreads.length > 0 && (
            <ol className="wiki-margin-threads" aria-label="Threads beside the text">
              {marginThreads.map((thread) => (
                <MarginThread
                  key={thread.root.id}
                  thread={thread}
                  target={target}
                  userId={me.user.id}
                  mutations={mutations}
                  active={thread.root.id === activeRootId}
                  hovered={hovered === thread.root.anchor}
                  onHover={setHovered}
                  onActivate={() => {
                    if (activeRef.current !== thread.root.id) activate(thread.root.id, { keepLayout: true });
                  }}
                  onShowInText={() => showInText(thread)}
                />
              ))}
            </ol>
          )}
        </div>
      </section>
      {panelView}
    </>
  );
}
