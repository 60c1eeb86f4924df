import {
  type Active,
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
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BoardCard, BoardColumn as Column, Member, ProjectDetail } from '@/api';
import { useNow } from '@/ui';
import { moveLocally } from '../board-cache';
import { delegationOf } from '../delegation-state';
import { hasFilters, matchesFilters, type BoardFilters } from '../filters';
import { useBoardDelegations } from '../hooks/use-delegations';
import { useMoveCard } from '../mutations';
import { useBoardAnnouncements } from './board-announcements';
import { BoardColumn } from './board-column';
import { CardFace } from './card-face';
import { ColumnDialog } from './column-dialog';
import { BoardStrip } from './board-strip';
import { CardMenu } from './card-menu';
import {
  centerY,
  type ColumnSlots,
  columnIdOf,
  detectColumn,
  indexAt,
  keyboardCoordinates,
  keyboardTarget,
  type Target,
} from './drag-geometry';
import { MoveToDialog } from './move-to-dialog';
import './board.css';

const pointerOptions = { activationConstraint: { distance: 6 } };
const touchOptions = { activationConstraint: { delay: 180, tolerance: 6 } };

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
  const delegations = useBoardDelegations(current.id);
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

  // A drag made with the keyboard: its arrows set the target from the board (see `keyboardTarget`).
  const keyboardDrag = useRef(false);
  const slots = useRef<ColumnSlots[]>([]);
  useEffect(() => {
    slots.current = board.columns.map((column) => ({
      columnId: column.id,
      count: shown.get(column.id)?.length ?? 0,
    }));
  });
  const collisionDetection = useCallback<CollisionDetection>(
    (args) => detectColumn(args, keyboardDrag.current ? targetRef.current : null),
    [],
  );

  const targetFor = useCallback((dragged: Active, over: Over | null): Target | null => {
    if (keyboardDrag.current) return targetRef.current;
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

  // Keyboard dragging moves one place per arrow press, and to the neighbouring column sideways.
  const coordinateGetter = useCallback<KeyboardCoordinateGetter>(
    (event, args) => {
      const spot = targetRef.current;
      const next = spot && keyboardTarget(spot, event.code, slots.current);
      if (!next) return undefined;
      event.preventDefault();
      track(next);
      return keyboardCoordinates(next, event, args);
    },
    [track],
  );

  // Sensor options must keep their identity: new ones give every card new listeners, and every
  // card on the board would render again whenever the board does (each drag step, each drop).
  const keyboardOptions = useMemo(() => ({ coordinateGetter }), [coordinateGetter]);
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(TouchSensor, touchOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );

  const announcements = useBoardAnnouncements({ board, shown, cardById, targetFor, target: targetRef });

  function handleDragStart({ active: dragged, activatorEvent }: DragStartEvent) {
    keyboardDrag.current = activatorEvent instanceof KeyboardEvent;
    const found = cardById(String(dragged.id));
    // A keyboard drag starts before dnd-kit has measured the card: the overlay takes the card's own size.
    const rect =
      dragged.rect.current.initial ??
      document.querySelector(`[data-card-id="${CSS.escape(String(dragged.id))}"]`)?.getBoundingClientRect();
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
    keyboardDrag.current = false;
    setActive(null);
    track(null);
    if (!card || !spot || String(dragged.id) !== card.id) return;
    commitMove(card, spot.columnId, positionFor(card.id, spot));
  }

  function handleDragCancel() {
    keyboardDrag.current = false;
    setActive(null);
    track(null);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
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
            delegations={delegations}
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
              delegation={delegationOf(delegations, active.card)}
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
