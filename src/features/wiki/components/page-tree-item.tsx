import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { WikiPageSummary } from '@/api';
import { MoreIcon } from '@/ui';
import type { TreeRow } from '../tree';
import { PageRenameField } from './page-rename-field';

/** Pixels of indent per level, also the sideways drag distance that changes a page's level. */
export const INDENT = 16;

export type TreeItemProps = {
  row: TreeRow;
  projectId: string;
  depth: number;
  expanded: boolean | undefined;
  current: boolean;
  tabbable: boolean;
  dragging: boolean;
  /** The title is a text field, to rename the page. */
  renaming: boolean;
  onRenamed: (page: WikiPageSummary, title?: string) => void;
  onToggle: (id: string) => void;
  onMenu: (page: WikiPageSummary, anchor: HTMLElement) => void;
  onFocus: (id: string) => void;
};

export const TreeItem = memo(function TreeItem({
  row,
  projectId,
  depth,
  expanded,
  current,
  tabbable,
  dragging,
  renaming,
  onRenamed,
  onToggle,
  onMenu,
  onFocus,
}: TreeItemProps) {
  const { page } = row;
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: page.id,
    disabled: renaming,
  });
  return (
    <li
      ref={setNodeRef}
      role="treeitem"
      data-page-id={page.id}
      aria-label={page.title}
      aria-level={depth + 1}
      aria-setsize={row.count}
      aria-posinset={row.index + 1}
      aria-expanded={expanded}
      aria-selected={current}
      aria-describedby={attributes['aria-describedby']}
      tabIndex={tabbable ? 0 : -1}
      className="wiki-tree-item"
      data-dragging={dragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
      // No native drag of the link (its drop would open the page): dragging is dnd-kit's.
      onDragStart={(event) => event.preventDefault()}
      onFocus={(event) => event.target === event.currentTarget && onFocus(page.id)}
    >
      <div className="wiki-tree-row" data-current={current || undefined} style={{ paddingLeft: 4 + depth * INDENT }}>
        <span
          className="wiki-tree-toggle"
          aria-hidden="true"
          data-open={expanded}
          onClick={(event) => {
            event.stopPropagation();
            if (expanded !== undefined) onToggle(page.id);
          }}
        >
          {expanded === undefined ? '' : expanded ? '▾' : '▸'}
        </span>
        {renaming ? (
          <PageRenameField projectId={projectId} page={page} onDone={(title) => onRenamed(page, title)} />
        ) : (
          <Link
            to="/projects/$projectId/wiki/$pageId"
            params={{ projectId, pageId: page.id }}
            className="wiki-tree-link"
            tabIndex={-1}
            draggable={false}
          >
            {page.title}
          </Link>
        )}
        <button
          type="button"
          className="wiki-tree-more"
          tabIndex={-1}
          aria-label={`Actions for ${page.title}`}
          aria-haspopup="menu"
          onPointerDown={(event) => event.stopPropagation()}
          onClick={(event) => onMenu(page, event.currentTarget)}
        >
          <MoreIcon />
        </button>
      </div>
    </li>
  );
});
