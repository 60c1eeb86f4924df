import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { FileNode } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Icon } from '@/ui';
import { fileKind, formatBytes, kindLabels } from '../format';
import type { FileOrder, FileSort } from '../queries';
import { useNodeDragAndDrop } from './drag';
import { KindIcon } from './file-icons';
import { NodeMenuButton } from './node-menu-button';
import { RenameField } from './rename-field';
import { useFocusRecovery } from './use-file-selection';
import { type FileViewProps, type ItemActions, useItemActions } from './view-props';

const ROW_HEIGHT = 44;

const columns: { sort: FileSort | null; label: string }[] = [
  { sort: 'name', label: 'Name' },
  { sort: null, label: 'Owner' },
  { sort: 'size', label: 'Size' },
  { sort: 'updatedAt', label: 'Modified' },
];

const SortArrow = ({ order }: { order: FileOrder }) => (
  <Icon width={12} height={12}>
    <path d={order === 'asc' ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} />
  </Icon>
);

/**
 * A folder's contents as a grid of rows (name, owner, size, modified), sorted by its column
 * headers. Only the rows in view are in the page (and the focused one, so Tab always finds it), so
 * a folder of 10,000 stays smooth; the next page loads as the end comes into view.
 */
export function FileList({
  sort,
  order,
  onSort,
  ...view
}: FileViewProps & {
  sort: FileSort;
  order: FileOrder;
  onSort: (next: { sort: FileSort; order: FileOrder }) => void;
}) {
  const { label, nodes, hasMore, onLoadMore, selection } = view;
  const actions = useItemActions(view);
  const { focus, selected } = selection.selection;
  const scroller = useRef<HTMLDivElement>(null);
  const [grid, setGrid] = useState<HTMLDivElement | null>(null);
  useFocusRecovery(grid, focus);
  const focusIndex = focus === null ? -1 : nodes.findIndex((node) => node.id === focus);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return focusIndex === -1 || indexes.includes(focusIndex)
        ? indexes
        : [...indexes, focusIndex].sort((a, b) => a - b);
    },
    [focusIndex],
  );
  const virtualizer = useVirtualizer({
    count: nodes.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => nodes[index]!.id,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && lastShown >= nodes.length - 30) onLoadMore();
  }, [hasMore, lastShown, nodes.length, onLoadMore]);

  // The keyboard moved the focus: bring its row into view and focus it.
  const { focusTick } = selection;
  useLayoutEffect(() => {
    if (!focusTick || focusIndex === -1) return;
    virtualizer.scrollToIndex(focusIndex);
    scroller.current
      ?.querySelector<HTMLElement>(`[data-node-id="${nodes[focusIndex]!.id}"]`)
      ?.focus({ preventScroll: true });
    // Only a new request moves the focus, not every change of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusTick]);

  const pageRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? 440) / ROW_HEIGHT) - 1);

  return (
    <div
      ref={setGrid}
      role="grid"
      aria-label={label}
      aria-rowcount={hasMore ? -1 : nodes.length + 1}
      aria-multiselectable="true"
      className="files-table"
      onKeyDown={(event) => selection.handleKeyDown(event, { columns: 1, pageRows })}
    >
      <div role="rowgroup" className="files-table-head">
        <div role="row" aria-rowindex={1} className="files-row">
          {columns.map((column) => (
            <div
              key={column.label}
              role="columnheader"
              className="files-cell"
              aria-sort={
                column.sort && column.sort === sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined
              }
            >
              {column.sort ? (
                <button
                  type="button"
                  className="files-sort"
                  onClick={() =>
                    onSort({
                      sort: column.sort!,
                      order: column.sort === sort && order === 'asc' ? 'desc' : 'asc',
                    })
                  }
                >
                  {column.label}
                  {column.sort === sort && <SortArrow order={order} />}
                </button>
              ) : (
                column.label
              )}
            </div>
          ))}
          <div role="columnheader" className="files-cell">
            <span className="visually-hidden">Actions</span>
          </div>
        </div>
      </div>
      <div role="rowgroup" ref={scroller} className="files-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const node = nodes[item.index]!;
            return (
              <ListRow
                key={item.key}
                node={node}
                index={item.index}
                start={item.start}
                tabStop={focus === null ? item.index === 0 : focus === node.id}
                selected={selected.has(node.id)}
                changeable={view.canChange(node)}
                renaming={view.renamingId === node.id}
                actions={actions}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

const ListRow = memo(function ListRow({
  node,
  index,
  start,
  tabStop,
  selected,
  changeable,
  renaming,
  actions,
}: {
  node: FileNode;
  index: number;
  start: number;
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
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-node-id={node.id}
      data-drop={isDropTarget || undefined}
      data-dragging={isDragging || undefined}
      className="files-row files-item"
      style={{ transform: `translateY(${start}px)` }}
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
      <div role="gridcell" className="files-cell files-name">
        <span className="files-icon" data-kind={kind}>
          <KindIcon kind={kind} />
        </span>
        {renaming ? (
          <RenameField node={node} onDone={actions.renameDone} />
        ) : (
          <span className="files-name-text">
            {node.name}
            <span className="visually-hidden">, {kindLabels[kind]}</span>
          </span>
        )}
      </div>
      <div role="gridcell" className="files-cell files-owner">
        <span className="files-owner-name">{node.author.name}</span>
        {node.uploadSource === 'agent' && (
          <span className="badge" data-tone="accent">
            Agent
          </span>
        )}
      </div>
      <div role="gridcell" className="files-cell files-size">
        {node.type === 'folder' ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">Folder, no size</span>
          </>
        ) : (
          formatBytes(node.fileSize ?? 0)
        )}
      </div>
      <div role="gridcell" className="files-cell files-modified" title={formatDateTime(node.updatedAt)}>
        {formatRelative(node.updatedAt)}
      </div>
      <div role="gridcell" className="files-cell files-actions">
        <NodeMenuButton node={node} onMenu={actions.menu} />
      </div>
    </div>
  );
});
