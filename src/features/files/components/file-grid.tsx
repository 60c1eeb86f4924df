import { useQuery } from '@tanstack/react-query';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { FileNode } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { fileKind, formatBytes, kindLabels } from '../format';
import { inlineUrlQuery } from '../queries';
import { useNodeDragAndDrop } from './drag';
import { KindIcon } from './file-icons';
import { NodeMenuButton } from './node-menu-button';
import { RenameField } from './rename-field';
import { useFocusRecovery } from './use-file-selection';
import { type FileViewProps, type ItemActions, useItemActions } from './view-props';

const CARD_WIDTH = 168;
const ROW_HEIGHT = 196;
const GAP = 12;

/** How many cards fit side by side in the grid's width. */
function useColumns(element: HTMLElement | null) {
  const [columns, setColumns] = useState(4);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setColumns(Math.max(1, Math.floor((element.clientWidth + GAP) / (CARD_WIDTH + GAP))));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return columns;
}

/**
 * A folder's contents as cards, images as thumbnails (fetched as their cards come into view).
 * A grid in the ARIA sense too: arrows move in two dimensions. Rows of cards are virtualized.
 */
export function FileGrid(view: FileViewProps) {
  const { label, nodes, hasMore, onLoadMore, selection } = view;
  const actions = useItemActions(view);
  const { focus, selected } = selection.selection;
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const columns = useColumns(scroller);
  useFocusRecovery(scroller, focus);
  const rowCount = Math.ceil(nodes.length / columns);
  const focusIndex = focus === null ? -1 : nodes.findIndex((node) => node.id === focus);
  const focusRow = focusIndex === -1 ? -1 : Math.floor(focusIndex / columns);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return focusRow === -1 || indexes.includes(focusRow) ? indexes : [...indexes, focusRow].sort((a, b) => a - b);
    },
    [focusRow],
  );
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    rangeExtractor,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastShown >= rowCount - 4) onLoadMore();
  }, [hasMore, lastShown, rowCount, onLoadMore]);

  const { focusTick } = selection;
  useLayoutEffect(() => {
    if (!focusTick || focusIndex === -1) return;
    virtualizer.scrollToIndex(focusRow);
    scroller?.querySelector<HTMLElement>(`[data-node-id="${nodes[focusIndex]!.id}"]`)?.focus({ preventScroll: true });
    // Only a new request moves the focus, not every change of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTick]);

  const pageRows = Math.max(1, Math.floor((scroller?.clientHeight ?? 600) / ROW_HEIGHT));

  return (
    <div
      role="grid"
      aria-label={label}
      aria-rowcount={hasMore ? -1 : rowCount}
      aria-colcount={columns}
      aria-multiselectable="true"
      className="files-cards"
      onKeyDown={(event) => selection.handleKeyDown(event, { columns, pageRows })}
    >
      <div ref={setScroller} className="files-scroll files-cards-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {rows.map((row) => (
            <div
              key={row.key}
              role="row"
              aria-rowindex={row.index + 1}
              className="files-card-row"
              style={{
                transform: `translateY(${row.start}px)`,
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
              }}
            >
              {nodes.slice(row.index * columns, row.index * columns + columns).map((node, column) => (
                <Card
                  key={node.id}
                  node={node}
                  column={column}
                  tabStop={focus === null ? row.index === 0 && column === 0 : focus === node.id}
                  selected={selected.has(node.id)}
                  changeable={view.canChange(node)}
                  renaming={view.renamingId === node.id}
                  actions={actions}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

function Thumbnail({ node }: { node: FileNode }) {
  const url = useQuery(inlineUrlQuery(node.id));
  const [failed, setFailed] = useState(false);
  if (!url.data || failed) return <KindIcon kind="image" />;
  return (
    <img
      className="files-thumbnail"
      src={url.data.signedUrl}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}

const Card = memo(function Card({
  node,
  column,
  tabStop,
  selected,
  changeable,
  renaming,
  actions,
}: {
  node: FileNode;
  column: number;
  tabStop: boolean;
  selected: boolean;
  changeable: boolean;
  renaming: boolean;
  actions: ItemActions;
}) {
  const kind = fileKind(node);
  const { ref, dragListeners, isDragging, isDropTarget } = useNodeDragAndDrop(node, { changeable, renaming });
  return (
    <div
      ref={ref}
      role="gridcell"
      aria-colindex={column + 1}
      aria-selected={selected}
      data-node-id={node.id}
      data-drop={isDropTarget || undefined}
      data-dragging={isDragging || undefined}
      className="files-card"
      tabIndex={tabStop ? 0 : -1}
      {...dragListeners}
      onFocus={(event) => {
        if (event.target === event.currentTarget) actions.focus(node);
      }}
      onClick={(event) => actions.click(node, event)}
      onDoubleClick={() => actions.open(node)}
      onContextMenu={(event) => {
        event.preventDefault();
        const anchor = event.currentTarget.querySelector<HTMLElement>('[data-menu-for]');
        if (anchor) actions.menu(node, anchor);
      }}
    >
      <div className="files-card-preview" data-kind={kind}>
        {kind === 'image' ? <Thumbnail node={node} /> : <KindIcon kind={kind} />}
      </div>
      <div className="files-card-text">
        {renaming ? (
          <RenameField node={node} onDone={actions.renameDone} />
        ) : (
          <span className="files-card-name" title={node.name}>
            {node.name}
          </span>
        )}
        <span className="files-card-meta muted" title={formatDateTime(node.updatedAt)}>
          <span className="visually-hidden">{kindLabels[kind]}, </span>
          {node.type === 'file' ? `${formatBytes(node.fileSize ?? 0)} · ` : ''}
          {formatRelative(node.updatedAt)}
          {node.uploadSource === 'agent' && ' · Agent'}
        </span>
      </div>
      <NodeMenuButton node={node} onMenu={actions.menu} />
    </div>
  );
});
