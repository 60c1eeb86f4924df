import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useCallback, useMemo, useRef } from 'react';
import type { AgentDelegation, BoardCard, BoardColumn as Column, Member } from '@/api';
import { Button } from '@/ui';
import { delegationOf } from '../delegation-state';
import { CardFace } from './card-face';
import { QuickAdd } from './quick-add';

/** Columns longer than this render only the cards in view. */
const VIRTUAL_FROM = 40;

type ColumnProps = {
  column: Column;
  projectId: string;
  /** The cards shown (filters applied), without the card being dragged. */
  cards: BoardCard[];
  /** Total live cards, for the count. */
  total: number;
  /** Where the dragged card would land in this column, or -1. */
  placeholderIndex: number;
  placeholderHeight: number;
  members: Map<string, Member>;
  /** The board's delegated cards by card id. */
  delegations: ReadonlyMap<string, AgentDelegation>;
  now: number;
  onMenu: (card: BoardCard, anchor: HTMLElement) => void;
  onEdit: (column: Column) => void;
  linkFor: (cardId: string) => string;
  onOpen: (cardId: string) => void;
};

const DraggableCard = memo(function DraggableCard(props: {
  card: BoardCard;
  index: number;
  assignee?: Member;
  delegation?: AgentDelegation;
  now: number;
  onMenu: (card: BoardCard, anchor: HTMLElement) => void;
  linkFor: (cardId: string) => string;
  onOpen: (cardId: string) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef } = useDraggable({
    id: props.card.id,
    data: { columnId: props.card.column },
  });
  // Every draggable renders again when a drag starts or ends; a stable `drag` object lets the
  // (memoised) card face skip that.
  const drag = useMemo(
    () => ({ setNodeRef, setHandleRef: setActivatorNodeRef, attributes, listeners }),
    [setNodeRef, setActivatorNodeRef, attributes, listeners],
  );
  return <CardFace {...props} drag={drag} />;
});

/**
 * The column's drop target. Kept apart so that the drag state changes it listens to re-render
 * only this wrapper, not the column and its cards (`children` keeps its identity).
 */
function DropZone({
  columnId,
  scrollerRef,
  children,
}: {
  columnId: string;
  scrollerRef: (node: HTMLDivElement | null) => void;
  children: ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `column:${columnId}`, data: { columnId } });
  return (
    <div
      ref={(node) => {
        scrollerRef(node);
        setNodeRef(node);
      }}
      className="board-column-cards"
      data-column-list={columnId}
      data-over-target={isOver || undefined}
    >
      {children}
    </div>
  );
}

/** One column: header with count and WIP limit, its cards (virtualized when long), quick add. */
export const BoardColumn = memo(function BoardColumn({
  column,
  projectId,
  cards,
  total,
  placeholderIndex,
  placeholderHeight,
  members,
  delegations,
  now,
  onMenu,
  onEdit,
  linkFor,
  onOpen,
}: ColumnProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const setScroller = useCallback((node: HTMLDivElement | null) => {
    scroller.current = node;
  }, []);
  const over = column.wipLimit !== null && total > column.wipLimit;
  const virtual = cards.length >= VIRTUAL_FROM;
  // Rows: cards, with the drop placeholder inserted where the dragged card would land.
  const rows: (BoardCard | null)[] = [...cards];
  if (placeholderIndex >= 0) rows.splice(Math.min(placeholderIndex, rows.length), 0, null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => (rows[index] === null ? placeholderHeight + 8 : 92),
    overscan: 6,
    getItemKey: (index) => rows[index]?.id ?? 'placeholder',
    enabled: virtual,
  });

  const renderRow = (row: BoardCard | null, rowIndex: number) => {
    if (row === null) {
      return (
        <div key="placeholder" className="card-placeholder" style={{ height: placeholderHeight }} aria-hidden="true" />
      );
    }
    // The card's rank among the column's cards without the dragged one (the placeholder is not counted).
    const index = placeholderIndex >= 0 && rowIndex > placeholderIndex ? rowIndex - 1 : rowIndex;
    return (
      <DraggableCard
        key={row.id}
        card={row}
        index={index}
        assignee={row.assignee ? members.get(row.assignee) : undefined}
        delegation={delegationOf(delegations, row)}
        now={now}
        onMenu={onMenu}
        linkFor={linkFor}
        onOpen={onOpen}
      />
    );
  };

  const headingId = `column-${column.id}`;
  return (
    <section className="board-column" aria-labelledby={headingId} data-column-id={column.id}>
      <header className="board-column-header">
        <h2 id={headingId} className="board-column-name">
          {column.name}
        </h2>
        <span
          className="board-column-count"
          data-over={over || undefined}
          title={over ? 'Over the WIP limit' : undefined}
        >
          {column.wipLimit !== null ? `${total}/${column.wipLimit}` : total}
          <span className="visually-hidden">
            {' '}
            card{total === 1 ? '' : 's'}
            {column.wipLimit !== null ? `, limit ${column.wipLimit}${over ? ', over the limit' : ''}` : ''}
          </span>
        </span>
        <Button variant="ghost" size="small" aria-label={`Edit column ${column.name}`} onClick={() => onEdit(column)}>
          ⋯
        </Button>
      </header>
      <DropZone columnId={column.id} scrollerRef={setScroller}>
        {virtual ? (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="virtual-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {renderRow(rows[item.index]!, item.index)}
              </div>
            ))}
          </div>
        ) : (
          rows.map(renderRow)
        )}
        {rows.length === 0 && <p className="board-column-empty">No cards</p>}
      </DropZone>
      <QuickAdd projectId={projectId} columnId={column.id} columnName={column.name} />
    </section>
  );
});
