import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { WikiPageSummary } from '@/api';
import {
  ArchiveIcon,
  Button,
  Menu,
  type MenuItem,
  MoveIcon,
  OpenIcon,
  PencilIcon,
  PlusIcon,
  QueryNotice,
  useTreeKeyboard,
} from '@/ui';
import { errorMessage } from '@/api';
import { openCreatePage } from '../create-page-store';
import { useArchivePage, useMovePage } from '../mutations';
import { wikiQueries } from '../queries';
import { ancestorsOf, flattenTree, projectDrop, stepTarget, type MoveTarget, type TreeRow } from '../tree';
import { MovePageDialog } from './move-page-dialog';
import { ArchivedPages } from './archived-pages';
import { INDENT, TreeItem } from './page-tree-item';
import { focusOnceGone, focusRow, without } from './tree-focus';
import './wiki.css';

const pointerOptions = { activationConstraint: { distance: 6 } };
type Step = 'up' | 'down' | 'indent' | 'outdent';
const stepWords: Record<Step, string> = { up: 'up', down: 'down', indent: 'in', outdent: 'out' };

/**
 * The project's pages as a tree (WAI-ARIA tree: one tab stop, arrow keys move and open levels,
 * Enter opens a page). Pages are reordered and nested by dragging (pointer, or Space then arrow
 * keys, announced), by Alt+arrow keys, or from each page's menu (the period key); the menu also
 * renames in place (F2), adds a subpage and archives (with Undo). Archived pages are listed below
 * on request, to restore them.
 */
export function PageTree({ projectId, currentPageId }: { projectId: string; currentPageId?: string }) {
  const tree = useQuery(wikiQueries.tree(projectId));
  const pages = useMemo(() => tree.data ?? [], [tree.data]);
  const navigate = useNavigate();
  const move = useMovePage(projectId);
  const archive = useArchivePage(projectId);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ page: WikiPageSummary; anchor: HTMLElement } | null>(null);
  const [moving, setMoving] = useState<WikiPageSummary | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [drag, setDrag] = useState<{ id: string; overId: string; offset: number } | null>(null);
  const instructionsId = useId();
  const treeRef = useRef<HTMLUListElement>(null);

  // The open page's ancestors are always expanded, so it shows.
  const open = useMemo(() => {
    if (!currentPageId) return collapsed;
    const ancestors = ancestorsOf(pages, currentPageId);
    if (!ancestors.some((page) => collapsed.has(page.id))) return collapsed;
    const next = new Set(collapsed);
    ancestors.forEach((page) => next.delete(page.id));
    return next;
  }, [collapsed, currentPageId, pages]);

  // While dragging, the dragged page's children travel with it (hidden).
  const rows = useMemo(() => flattenTree(pages, drag ? new Set([...open, drag.id]) : open), [pages, open, drag]);
  const ids = useMemo(() => rows.map((row) => row.page.id), [rows]);
  const rowById = useMemo(() => new Map(rows.map((row) => [row.page.id, row])), [rows]);
  const titleOf = useCallback((id: string | null) => pages.find((page) => page.id === id)?.title, [pages]);

  // What the status said is not left behind to be found later, out of context.
  useEffect(() => {
    if (!announcement) return;
    const timer = setTimeout(() => setAnnouncement(''), 8_000);
    return () => clearTimeout(timer);
  }, [announcement]);

  const tabStop =
    (focusedId && rowById.has(focusedId) ? focusedId : null) ??
    (currentPageId && rowById.has(currentPageId) ? currentPageId : null) ??
    rows[0]?.page.id;

  /** Where a drag would drop now: the row order as dropped and the level the sideways offset asks for. */
  const projection = useMemo(() => {
    if (!drag) return null;
    const activeIndex = ids.indexOf(drag.id);
    const overIndex = ids.indexOf(drag.overId);
    const active = rowById.get(drag.id);
    if (activeIndex < 0 || overIndex < 0 || !active) return null;
    const moved = arrayMove(rows, activeIndex, overIndex);
    return projectDrop(moved, drag.id, overIndex, active.depth + Math.round(drag.offset / INDENT));
  }, [drag, ids, rows, rowById]);

  const commit = useCallback(
    (page: WikiPageSummary, target: MoveTarget) => {
      const parentId = page.parentId && pages.some((item) => item.id === page.parentId) ? page.parentId : null;
      if (parentId === target.parentId && page.position === target.position) return false;
      move.mutate({ pageId: page.id, parentId: target.parentId, position: target.position, title: page.title });
      return true;
    },
    [move, pages],
  );

  const describe = useCallback(
    (title: string, target: { parentId: string | null; position: number }) =>
      target.parentId
        ? `${title}: inside ${titleOf(target.parentId)}, position ${target.position + 1}.`
        : `${title}: top level, position ${target.position + 1}.`,
    [titleOf],
  );

  const stepPage = useCallback(
    (page: WikiPageSummary, step: Step) => {
      const target = stepTarget(pages, page.id, step);
      if (!target) {
        setAnnouncement(`${page.title} cannot move ${stepWords[step]} further.`);
        return;
      }
      commit(page, target);
      setAnnouncement(`Moved. ${describe(page.title, target)}`);
      setFocusedId(page.id);
      if (step === 'indent' && target.parentId) setCollapsed((old) => without(old, target.parentId!));
      requestAnimationFrame(() => focusRow(treeRef.current, page.id));
    },
    [pages, commit, describe],
  );

  const toggle = useCallback(
    (id: string) => setCollapsed((old) => (old.has(id) ? without(old, id) : new Set([...old, id]))),
    [],
  );

  /**
   * Renames a page in its row. The open page is renamed in its own title field instead (focused,
   * its title selected): that goes through the page's autosave, which knows about unsaved edits.
   */
  const startRename = useCallback(
    (pageId: string) => {
      const field = pageId === currentPageId ? document.querySelector<HTMLInputElement>('.wiki-title-input') : null;
      if (field && !field.readOnly) {
        field.focus();
        field.select();
      } else setRenaming(pageId);
    },
    [currentPageId],
  );

  const openRowMenu = (row: TreeRow, item: HTMLElement) =>
    setMenu({ page: row.page, anchor: item.querySelector<HTMLElement>('.wiki-tree-more') ?? item });
  const handleKeyDown = useTreeKeyboard<TreeRow>({
    rows,
    rowOf: (item) => (item.dataset.pageId ? rowById.get(item.dataset.pageId) : undefined),
    levelOf: (row) => row.depth + 1,
    hasChildren: (row) => row.hasChildren,
    // `open` holds the collapsed pages (the open page's ancestors taken out).
    isExpanded: (row) => !open.has(row.page.id),
    onMove: (row) => {
      setFocusedId(row.page.id);
      focusRow(treeRef.current, row.page.id);
    },
    onToggle: (row) => toggle(row.page.id),
    onOpen: (row) =>
      void navigate({ to: '/projects/$projectId/wiki/$pageId', params: { projectId, pageId: row.page.id } }),
    onMenu: openRowMenu,
    onKey: (event, row) => {
      if (event.key === 'F2' && !event.altKey && !event.ctrlKey && !event.metaKey) {
        startRename(row.page.id);
        return true;
      }
      if (!event.altKey || event.ctrlKey || event.metaKey) return false;
      const step: Step | undefined = (
        { ArrowUp: 'up', ArrowDown: 'down', ArrowRight: 'indent', ArrowLeft: 'outdent' } as const
      )[event.key as 'ArrowUp'];
      if (step) stepPage(row.page, step);
      // Alt with any other key is not the tree's (the old handler let it through too).
      return step !== undefined;
    },
    disabled: drag !== null,
  });

  // Keyboard dragging: up and down one row at a time, sideways one level at a time.
  const coordinateGetter = useCallback<KeyboardCoordinateGetter>((event, args) => {
    const { currentCoordinates } = args;
    if (event.code === 'ArrowRight' || event.code === 'ArrowLeft') {
      event.preventDefault();
      return { ...currentCoordinates, x: currentCoordinates.x + (event.code === 'ArrowRight' ? INDENT : -INDENT) };
    }
    const next = sortableKeyboardCoordinates(event, args);
    return next ? { x: currentCoordinates.x, y: next.y } : undefined;
  }, []);
  const keyboardOptions = useMemo(
    () => ({
      coordinateGetter,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
    [coordinateGetter],
  );
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));

  // What screen readers hear during a drag: dnd-kit says the pick-up, the drop and a cancel; the
  // places in between are said from the projection (below), once it is computed for the move.
  const dropSaid = useRef('');
  // The click that ends a pointer drag is not a click on the page's link. dnd-kit stops that
  // click's propagation (so React never sees it) but not its default action, the link's
  // navigation: it is prevented here, before dnd-kit's listener on the document.
  const droppedAt = useRef(-Infinity);
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (performance.now() - droppedAt.current < 400 && treeRef.current?.contains(event.target as Node))
        event.preventDefault();
    };
    window.addEventListener('click', onClick, { capture: true });
    return () => window.removeEventListener('click', onClick, { capture: true });
  }, []);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const row = rowById.get(String(active.id));
      return row
        ? `Picked up ${row.page.title}. Up and down arrows move it, left and right change its level. Space drops it, Escape cancels.`
        : undefined;
    },
    onDragOver: () => undefined,
    onDragMove: () => undefined,
    onDragEnd: () => dropSaid.current,
    onDragCancel: ({ active }) => `Cancelled. ${titleOf(String(active.id)) ?? 'The page'} stays where it was.`,
  };
  const dragTitle = drag ? titleOf(drag.id) : undefined;
  const liveText = drag && projection && dragTitle ? describe(dragTitle, projection) : announcement;

  function handleDragStart({ active }: DragStartEvent) {
    setMenu(null);
    setDrag({ id: String(active.id), overId: String(active.id), offset: 0 });
  }

  function handleDragMove({ active, over, delta }: DragMoveEvent) {
    setDrag((old) =>
      old && (old.overId !== String(over?.id ?? old.overId) || old.offset !== delta.x)
        ? { id: String(active.id), overId: String(over?.id ?? old.overId), offset: delta.x }
        : old,
    );
  }

  function handleDragEnd({ active }: DragEndEvent) {
    droppedAt.current = performance.now();
    const target = projection;
    const page = pages.find((item) => item.id === String(active.id));
    setDrag(null);
    dropSaid.current = page && target ? `Dropped. ${describe(page.title, target)}` : 'Dropped; nothing moved.';
    if (!target || !page) return;
    commit(page, { parentId: target.parentId, position: target.position });
    setFocusedId(page.id);
    if (target.parentId) setCollapsed((old) => without(old, target.parentId!));
    requestAnimationFrame(() => focusRow(treeRef.current, page.id));
  }

  const openMenu = useCallback((page: WikiPageSummary, anchor: HTMLElement) => setMenu({ page, anchor }), []);

  const finishRename = useCallback((page: WikiPageSummary, title?: string) => {
    setRenaming(null);
    if (title) setAnnouncement(`Renamed to ${title}.`);
    requestAnimationFrame(() => focusRow(treeRef.current, page.id));
  }, []);

  const archiveMutate = archive.mutate;
  const archivePage = useCallback(
    (page: WikiPageSummary) => {
      const index = rows.findIndex((row) => row.page.id === page.id);
      const row = rows[index];
      // Focus goes to the next row outside the page's subtree, or else the one above.
      const neighbour = row
        ? (rows.slice(index + 1).find((other) => other.depth <= row.depth) ?? rows[index - 1])
        : undefined;
      if (neighbour) {
        setFocusedId(neighbour.page.id);
        focusOnceGone(treeRef, page.id, neighbour.page.id);
      }
      // The toast says it (with Undo); an older move's message would be stale.
      setAnnouncement('');
      const wasOpen =
        page.id === currentPageId || ancestorsOf(pages, currentPageId ?? '').some((a) => a.id === page.id);
      const openPageId = currentPageId;
      archiveMutate({
        pageId: page.id,
        title: page.title,
        onUndone: () => {
          setFocusedId(page.id);
          if (wasOpen && openPageId)
            void navigate({ to: '/projects/$projectId/wiki/$pageId', params: { projectId, pageId: openPageId } });
          requestAnimationFrame(() => focusRow(treeRef.current, page.id));
        },
      });
      if (wasOpen) void navigate({ to: '/projects/$projectId/wiki', params: { projectId } });
    },
    [rows, pages, currentPageId, archiveMutate, navigate, projectId],
  );

  const menuItems = (page: WikiPageSummary): MenuItem[] => {
    const can = (step: Step) => stepTarget(pages, page.id, step) !== null;
    return [
      {
        label: 'Open',
        icon: <OpenIcon />,
        onSelect: () =>
          void navigate({ to: '/projects/$projectId/wiki/$pageId', params: { projectId, pageId: page.id } }),
      },
      { label: 'Rename', icon: <PencilIcon />, hint: 'F2', onSelect: () => startRename(page.id) },
      { label: 'Add subpage…', icon: <PlusIcon />, onSelect: () => openCreatePage({ projectId, parentId: page.id }) },
      { label: 'Move up', hint: 'Alt ↑', disabled: !can('up'), onSelect: () => stepPage(page, 'up') },
      { label: 'Move down', hint: 'Alt ↓', disabled: !can('down'), onSelect: () => stepPage(page, 'down') },
      { label: 'Indent', hint: 'Alt →', disabled: !can('indent'), onSelect: () => stepPage(page, 'indent') },
      { label: 'Outdent', hint: 'Alt ←', disabled: !can('outdent'), onSelect: () => stepPage(page, 'outdent') },
      { label: 'Move to…', icon: <MoveIcon />, onSelect: () => setMoving(page) },
      {
        label: 'Archive',
        icon: <ArchiveIcon />,
        tone: 'danger',
        onSelect: () => archivePage(page),
      },
    ];
  };

  return (
    <nav className="wiki-tree-nav" aria-label="Wiki pages">
      <div className="wiki-tree-head">
        <h2 className="wiki-tree-title">Pages</h2>
        <Button size="small" onClick={() => openCreatePage({ projectId })}>
          <PlusIcon /> New page
        </Button>
      </div>
      {tree.isPending && <QueryNotice status="loading" label="Loading pages…" />}
      {tree.isError && (
        <QueryNotice status="error" message={errorMessage(tree.error)} onRetry={() => void tree.refetch()} />
      )}
      {tree.isSuccess && rows.length === 0 && <p className="muted wiki-tree-empty">No pages yet.</p>}
      <p id={instructionsId} className="visually-hidden">
        Enter opens a page. Alt with the arrow keys moves it; Space picks it up to drag it with the arrow keys. F2
        renames it. The period key opens its actions.
      </p>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={handleDragStart}
        onDragMove={handleDragMove}
        onDragOver={handleDragMove}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDrag(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'Space picks the page up; the up and down arrow keys move it, left and right change its level, Space drops it and Escape cancels.',
          },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          {rows.length > 0 && (
            <ul
              ref={treeRef}
              role="tree"
              aria-label="Pages"
              aria-describedby={instructionsId}
              className="wiki-tree"
              onKeyDown={handleKeyDown}
            >
              {rows.map((row) => (
                <TreeItem
                  key={row.page.id}
                  row={row}
                  projectId={projectId}
                  depth={drag?.id === row.page.id && projection ? projection.depth : row.depth}
                  expanded={row.hasChildren ? !open.has(row.page.id) : undefined}
                  current={row.page.id === currentPageId}
                  tabbable={row.page.id === tabStop}
                  dragging={drag?.id === row.page.id}
                  renaming={renaming === row.page.id}
                  onRenamed={finishRename}
                  onToggle={toggle}
                  onMenu={openMenu}
                  onFocus={setFocusedId}
                />
              ))}
            </ul>
          )}
        </SortableContext>
      </DndContext>
      <p className="visually-hidden" role="status" aria-live="polite">
        {liveText}
      </p>
      <ArchivedPages projectId={projectId} />
      {menu && (
        <Menu
          anchor={menu.anchor}
          label={`Actions for ${menu.page.title}`}
          items={menuItems(menu.page)}
          onClose={() => setMenu(null)}
        />
      )}
      <MovePageDialog
        pages={pages}
        page={moving}
        onClose={() => setMoving(null)}
        onMove={(target) => {
          if (!moving) return;
          commit(moving, target);
          setAnnouncement(`Moved. ${describe(moving.title, target)}`);
        }}
      />
    </nav>
  );
}
