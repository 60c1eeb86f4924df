import type { Editor } from '@tiptap/core';
import { NodeSelection, type Transaction } from '@tiptap/pm/state';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/api';
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
import { composeTargetOf, editorAnchors, onCommentUiEvent, setPendingTarget } from '../extension';
import { useCommentHighlights } from '../hooks/use-comment-highlights';
import { COMPOSER_ID, useMarginLayout } from '../hooks/use-margin-layout';
import { useMediaQuery } from '../hooks/use-media-query';
import { useNewThread } from '../hooks/use-new-thread';
import { useThreadRefresh } from '../hooks/use-thread-refresh';
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

function joinKeys(keys: Iterable<string>) {
  return [...keys].join(' ');
}

/** Anchors of the editor's document, in document order. */
function anchorOrder(editor: Editor | null): string {
  if (!editor || editor.isDestroyed) return '';
  const entries = [...editorAnchors(editor)].sort((a, b) => a[1][0]!.from - b[1][0]!.from);
  return joinKeys(entries.map(([anchor]) => anchor));
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

  // --- New thread ---
  const newThread = useNewThread({ editor, saveNow, create: mutations.create, onCreated: activate });
  const { composing } = newThread;

  // The latest values for the refs of the activation above.
  useLayoutEffect(() => {
    activeRef.current = composing ? COMPOSER_ID : activeRootId;
    layoutPriority.current = composing ? COMPOSER_ID : pinnedRootId;
    narrowRef.current = narrow;
    threadsRef.current = threads;
  });

  // --- Follow the editor ---
  /** Where the floating "Add comment" button goes: just above the start of a selection. */
  const [addAt, setAddAt] = useState<{ top: number; left: number } | null>(null);
  const { layer, schedule } = useMarginLayout(editor, layoutPriority, { threads: marginThreads, composing, narrow });
  const openComposer = newThread.open;

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
        openComposer(quote.replace(/\s+/g, ' ').trim().slice(0, 300));
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
  }, [editor, layer, schedule, activate, openComposer]);

  const ui = useCommentHighlights(editor, { threads, marginThreads, activeAnchor, hovered, narrow });

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
  useThreadRefresh(pageId, target, order, page.revisionId);

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
      pending={newThread.sending}
      error={newThread.sendError}
      onSubmit={newThread.submit}
      onCancel={() => newThread.close(true)}
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
