import {
  type Active,
  type Announcements,
  closestCenter,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Over,
  PointerSensor,
  pointerWithin,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { BoardCard, BoardColumn as Column, Member, ProjectDetail } from '@/api';
import { useNow } from '@/ui';
import { moveLocally } from '../board-cache';
import { hasFilters, matchesFilters, type BoardFilters } from '../filters';
import { useMoveCard } from '../mutations';
import { BoardColumn } from './board-column';
import { CardFace } from './card-face';
import { ColumnDialog } from './column-dialog';
import { BoardStrip } from './board-strip';
import { CardMenu } from './card-menu';
import { MoveToDialog } from './move-to-dialog';
import './board.css';

type Target = { columnId: string; index: number };

const pointerOptions = { activationConstraint: { distance: 6 } };
const touchOptions = { activationConstraint: { delay: 180, tolerance: 6 } };

const columnIdOf = (over: Over | null) => (over ? String(over.id).replace(/^column:/, '') : undefined);

/** Columns under the pointer; for the keyboard (no pointer), the column nearest the card. */
const detectColumn: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/** Where a card whose centre is at `y` would land among the rendered cards of a column. */
function indexAt(columnId: string, y: number, activeId: string): number {
  const list = document.querySelector(`[data-column-list="${columnId}"]`);
  if (!list) return 0;
  let after = -1;
  for (const element of list.querySelectorAll<HTMLElement>('[data-card-id]')) {
    if (element.dataset.cardId === activeId) continue;
    const index = Number(element.dataset.index);
    const rect = element.getBoundingClientRect();
    if (y < rect.top + rect.height / 2) return index;
    after = Math.max(after, index);
  }
  return after + 1;
}

function centerY(active: Active): number | undefined {
  const rect = active.rect.current.translated ?? active.rect.current.initial;
  return rect ? rect.top + rect.height / 2 : undefined;
}

type BoardViewProps = {
  board: ProjectDetail;
  filters: BoardFilters;
  members: Map<string, Member>;
  /** The card panel's address for a card, and how to open it without leaving the page. */
  linkFor: (cardId: string) => string;
  onOpen: (cardId: string) => void;
};

/**
 * The board: columns side by side, cards dragged with a pointer, touch or the keyboard (with
 * screen-reader announcements), or moved through "Move to…". A drop updates the board at once,
 * calls the move endpoint, and applies the column orders it returns.
 */
export function BoardView({ board: current, filters, members, linkFor, onOpen }: BoardViewProps) {
  const move = useMoveCard(current.id);
  // The board as dropped, shown in the very frame of the drop. The cache gets the same change a
  // moment later (the move's optimistic update arrives on a timer), and once the board given here
  // is no longer the one the drop started from, it is shown again (including after a rollback).
  const [dropped, setDropped] = useState<{ from: ProjectDetail; board: ProjectDetail } | null>(null);
  const board = dropped?.from === current ? dropped.board : current;
  const [active, setActive] = useState<{ card: BoardCard; width: number; height: number } | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const targetRef = useRef<Target | null>(null);
  const [moving, setMoving] = useState<BoardCard | null>(null);
  const [menu, setMenu] = useState<{ card: BoardCard; anchor: HTMLElement } | null>(null);
  const openMenu = useCallback((card: BoardCard, anchor: HTMLElement) => setMenu({ card, anchor }), []);
  const [editing, setEditing] = useState<Column | null>(null);
  const now = useNow();
  const filtered = hasFilters(filters);

  // The cards each column shows: filters applied, the dragged card lifted out. A column with
  // nothing to change keeps its array, so its (memoised) component does not render again.
  const shown = useMemo(
    () =>
      new Map(
        board.columns.map((column) => {
          const touched = filtered || column.cards.some((card) => card.id === active?.card.id);
          return [
            column.id,
            touched
              ? column.cards.filter(
                  (card) => card.id !== active?.card.id && (!filtered || matchesFilters(card, filters)),
                )
              : column.cards,
          ];
        }),
      ),
    [board, filters, filtered, active],
  );

  const cardById = useCallback(
    (id: string) => {
      for (const column of board.columns) for (const card of column.cards) if (card.id === id) return { card, column };
      return undefined;
    },
    [board],
  );

  const track = useCallback((next: Target | null) => {
    const current = targetRef.current;
    if (current?.columnId === next?.columnId && current?.index === next?.index) return;
    targetRef.current = next;
    setTarget(next);
  }, []);

  const targetFor = useCallback((dragged: Active, over: Over | null): Target | null => {
    const columnId = columnIdOf(over);
    const y = centerY(dragged);
    if (!columnId || y === undefined) return null;
    return { columnId, index: indexAt(columnId, y, String(dragged.id)) };
  }, []);

  /** The rank among all live cards (what the server counts) for a drop among the shown ones. */
  const positionFor = useCallback(
    (cardId: string, spot: Target): number => {
      if (!filtered) return spot.index;
      const column = board.columns.find((item) => item.id === spot.columnId);
      const all = column?.cards.filter((card) => card.id !== cardId) ?? [];
      const visible = shown.get(spot.columnId) ?? [];
      const before = visible[spot.index];
      if (before) return all.indexOf(before);
      const last = visible.at(-1);
      return last ? all.indexOf(last) + 1 : all.length;
    },
    [board, filtered, shown],
  );

  const commitMove = useCallback(
    (card: BoardCard, columnId: string, position: number) => {
      const from = cardById(card.id);
      const fromIndex = from?.column.cards.findIndex((item) => item.id === card.id);
      if (from?.column.id === columnId && fromIndex === position) return;
      // On the board on screen: it may hold an earlier drop the cache has not caught up with yet.
      setDropped({ from: current, board: moveLocally(board, card.id, columnId, position) });
      move.mutate({ cardId: card.id, columnId, position, title: card.title }, { onSettled: () => setDropped(null) });
    },
    [board, cardById, current, move],
  );

  // Keyboard dragging moves one slot per arrow press, and to the neighbouring column sideways.
  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { context, currentCoordinates }) => {
    const spot = targetRef.current;
    const rect = context.collisionRect ?? context.active?.rect.current.initial;
    if (!rect) return undefined;
    const half = rect.height / 2;
    const columns = [...document.querySelectorAll<HTMLElement>('[data-column-list]')];
    const list = spot ? document.querySelector<HTMLElement>(`[data-column-list="${spot.columnId}"]`) : null;
    const cardAt = (index: number) => list?.querySelector<HTMLElement>(`[data-card-id][data-index="${index}"]`);
    switch (event.code) {
      case 'ArrowDown': {
        event.preventDefault();
        const next = spot ? cardAt(spot.index) : undefined;
        const y = next ? next.getBoundingClientRect().bottom - 2 : rect.top + half + rect.height + 8;
        return { ...currentCoordinates, y: y - half };
      }
      case 'ArrowUp': {
        event.preventDefault();
        const previous = spot && spot.index > 0 ? cardAt(spot.index - 1) : undefined;
        const y = previous ? previous.getBoundingClientRect().top + 2 : rect.top + half - rect.height - 8;
        return { ...currentCoordinates, y: y - half };
      }
      case 'ArrowLeft':
      case 'ArrowRight': {
        event.preventDefault();
        const here = columns.findIndex((element) => element.dataset.columnList === spot?.columnId);
        const neighbour = columns[here + (event.code === 'ArrowRight' ? 1 : -1)];
        if (!neighbour) return currentCoordinates;
        neighbour.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const box = neighbour.getBoundingClientRect();
        return { x: box.left + 8, y: Math.min(Math.max(currentCoordinates.y, box.top), box.bottom - rect.height) };
      }
      default:
        return undefined;
    }
  }, []);

  // Sensor options must keep their identity: new ones give every card new listeners, and every
  // card on the board would render again whenever the board does (each drag step, each drop).
  const keyboardOptions = useMemo(() => ({ coordinateGetter }), [coordinateGetter]);
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );

  const columnName = (columnId?: string) => board.columns.find((column) => column.id === columnId)?.name ?? 'no column';
  const describe = (dragged: Active, over: Over | null) => {
    const card = cardById(String(dragged.id))?.card;
    const spot = targetFor(dragged, over);
    if (!card || !spot) return card ? `${card.title} is not over a column.` : undefined;
    const count = (shown.get(spot.columnId) ?? []).length;
    return `${card.title}: ${columnName(spot.columnId)}, position ${spot.index + 1} of ${count + 1}.`;
  };
  const lastAnnounced = useRef('');
  /** Says where the card would land, once per change of place. */
  const announceSpot = (dragged: Active, over: Over | null) => {
    const text = describe(dragged, over);
    if (!text || text === lastAnnounced.current) return undefined;
    lastAnnounced.current = text;
    return text;
  };
  const announcements: Announcements = {
    onDragStart: ({ active: dragged }) => {
      const found = cardById(String(dragged.id));
      if (!found) return undefined;
      const index = found.column.cards.findIndex((card) => card.id === found.card.id);
      // Where it starts is already said here; the first "over" report would repeat it.
      lastAnnounced.current = `${found.card.title}: ${found.column.name}, position ${index + 1} of ${found.column.cards.length}.`;
      return `Picked up ${found.card.title}, in ${found.column.name}, position ${index + 1} of ${found.column.cards.length}. Arrow keys move it, Space drops it, Escape cancels.`;
    },
    onDragOver: ({ active: dragged, over }) => announceSpot(dragged, over),
    onDragMove: ({ active: dragged, over }) => announceSpot(dragged, over),
    onDragEnd: ({ active: dragged, over }) => {
      const card = cardById(String(dragged.id))?.card;
      const spot = targetRef.current ?? targetFor(dragged, over);
      if (!card) return undefined;
      return spot
        ? `Dropped ${card.title} in ${columnName(spot.columnId)} at position ${spot.index + 1}.`
        : `${card.title} was dropped outside the board and stays where it was.`;
    },
    onDragCancel: ({ active: dragged }) => {
      const card = cardById(String(dragged.id))?.card;
      return card ? `Cancelled. ${card.title} stays in ${columnName(card.column)}.` : undefined;
    },
  };

  function handleDragStart({ active: dragged }: DragStartEvent) {
    const found = cardById(String(dragged.id));
    const rect = dragged.rect.current.initial;
    if (!found) return;
    setActive({ card: found.card, width: rect?.width ?? 272, height: rect?.height ?? 80 });
    const index = found.column.cards.findIndex((card) => card.id === found.card.id);
    const visibleIndex = filtered
      ? (shown.get(found.column.id) ?? []).filter((card) => found.column.cards.indexOf(card) < index).length
      : index;
    track({ columnId: found.column.id, index: visibleIndex });
  }

  function handleDragMove({ active: dragged, over }: DragMoveEvent) {
    track(targetFor(dragged, over));
  }

  function handleDragEnd({ active: dragged }: DragEndEvent) {
    const spot = targetRef.current;
    const card = active?.card;
    setActive(null);
    track(null);
    if (!card || !spot || String(dragged.id) !== card.id) return;
    commitMove(card, spot.columnId, positionFor(card.id, spot));
  }

  function handleDragCancel() {
    setActive(null);
    track(null);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={detectColumn}
      onDragStart={handleDragStart}
      onDragMove={handleDragMove}
      onDragOver={handleDragMove}
      onDragEnd={handleDragEnd}
      onDragCancel={handleDragCancel}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a card with the keyboard, press Space on its drag handle, move it with the arrow keys, and press Space again to drop it. Escape cancels. Each card’s menu (the period key on a focused card) also has Move to.',
        },
      }}
    >
      <BoardStrip label={`${board.name} board`}>
        {board.columns.map((column) => (
          <BoardColumn
            key={column.id}
            column={column}
            projectId={board.id}
            cards={shown.get(column.id) ?? []}
            total={column.cards.length}
            placeholderIndex={target?.columnId === column.id ? target.index : -1}
            placeholderHeight={target?.columnId === column.id ? (active?.height ?? 0) : 0}
            members={members}
            now={now}
            onMenu={openMenu}
            onEdit={setEditing}
            linkFor={linkFor}
            onOpen={onOpen}
          />
        ))}
      </BoardStrip>
      <DragOverlay dropAnimation={null}>
        {active && (
          <div className="drag-overlay" style={{ width: active.width }}>
            <CardFace
              card={active.card}
              index={0}
              overlay
              assignee={active.card.assignee ? members.get(active.card.assignee) : undefined}
              now={now}
            />
          </div>
        )}
      </DragOverlay>
      {menu && (
        <CardMenu
          projectId={board.id}
          card={menu.card}
          anchor={menu.anchor}
          link={linkFor(menu.card.id)}
          onOpen={onOpen}
          onMoveTo={setMoving}
          onClose={() => setMenu(null)}
        />
      )}
      <MoveToDialog
        board={board}
        card={moving}
        onClose={() => setMoving(null)}
        onMove={(columnId, position) => moving && commitMove(moving, columnId, position)}
      />
      <ColumnDialog
        projectId={board.id}
        column={editing}
        count={board.columns.find((column) => column.id === editing?.id)?.cards.length ?? 0}
        last={board.columns.length - 1}
        onClose={() => setEditing(null)}
      />
    </DndContext>
  );
}
