import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Avatar, useTreeKeyboard } from '@/ui';
import { type ChartIndex, teamHue } from '../chart-model';
import { type OutlineRow, outlineRows } from '../outline-rows';

const ROW_HEIGHT = 36;
/** Rows rendered beyond each edge of the view, so fast scrolling shows no gaps. */
const OVERSCAN = 8;

type OrgOutlineProps = {
  index: ChartIndex;
  collapsed: ReadonlySet<string>;
  selectedKey: string | null;
  onSelect: (key: string) => void;
  onToggle: (key: string, expand: boolean) => void;
  onOpen: (key: string) => void;
  onMenu: (key: string, anchor: HTMLElement) => void;
};

/**
 * The chart as an outline (WAI-ARIA tree): one tab stop; ↑ ↓ move, → opens a level or goes into it,
 * ← closes it or goes up, Home and End go to the first and last row, Enter opens the profile, the
 * period key (or Shift+F10) the node's actions. Moving selects the node on the chart too. Only the
 * rows in view are rendered, so a company of thousands stays quick.
 */
export function OrgOutline({ index, collapsed, selectedKey, onSelect, onToggle, onOpen, onMenu }: OrgOutlineProps) {
  const rows = useMemo(() => outlineRows(index, collapsed), [index, collapsed]);
  const positionOf = useMemo(() => new Map(rows.map((row, i) => [row.key, i])), [rows]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const treeRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const focusIndex = selectedKey !== null ? (positionOf.get(selectedKey) ?? -1) : -1;
  const tabIndex = focusIndex >= 0 ? focusIndex : 0;
  // Rows all have one height, so the rows in view follow from the scroll position alone (a
  // virtualizing library would add 10 kB to the page for this).
  const [view, setView] = useState({ top: 0, height: 600 });
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const update = () => setView({ top: scroller.scrollTop, height: scroller.clientHeight });
    update();
    const observer = new ResizeObserver(update);
    observer.observe(scroller);
    scroller.addEventListener('scroll', update, { passive: true });
    return () => {
      observer.disconnect();
      scroller.removeEventListener('scroll', update);
    };
  }, []);
  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length - 1, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const shown: number[] = [];
  for (let i = first; i <= last; i++) shown.push(i);
  // The row with the tab stop is always rendered, so focus never lands on nothing.
  if (tabIndex < rows.length && (tabIndex < first || tabIndex > last)) shown.push(tabIndex);

  const scrollToIndex = useCallback((at: number) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const top = at * ROW_HEIGHT;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW_HEIGHT > scroller.scrollTop + scroller.clientHeight)
      scroller.scrollTop = top + ROW_HEIGHT - scroller.clientHeight;
  }, []);

  // A node chosen elsewhere (chart, search) scrolls into view here.
  useEffect(() => {
    if (focusIndex >= 0) scrollToIndex(focusIndex);
  }, [focusIndex, scrollToIndex]);

  const focusRow = (key: string) => {
    const target = positionOf.get(key);
    if (target === undefined) return;
    onSelect(key);
    scrollToIndex(target);
    // The row may only be rendered on the next frame.
    requestAnimationFrame(() =>
      treeRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`)?.focus(),
    );
  };

  const handleKeyDown = useTreeKeyboard<OutlineRow>({
    rows,
    rowOf: (item) => {
      const at = item.dataset.key !== undefined ? positionOf.get(item.dataset.key) : undefined;
      return at === undefined ? undefined : rows[at];
    },
    levelOf: (row) => row.level,
    hasChildren: (row) => row.node.children.length > 0,
    isExpanded: (row) => row.expanded,
    onMove: (row) => focusRow(row.key),
    onToggle: (row, expand) => onToggle(row.key, expand),
    onOpen: (row) => onOpen(row.key),
    onMenu: (row, item) => onMenu(row.key, item),
  });

  return (
    <div className="org-outline" ref={scrollerRef}>
      <div
        ref={treeRef}
        role="tree"
        aria-label="Organization outline"
        className="org-outline-tree"
        style={{ height: rows.length * ROW_HEIGHT }}
        onKeyDown={handleKeyDown}
      >
        {shown.map((at) => {
          const row = rows[at]!;
          return (
            <OutlineItem
              key={row.key}
              id={`${idPrefix}-${at}`}
              row={row}
              top={at * ROW_HEIGHT}
              selected={row.key === selectedKey}
              tabbable={at === tabIndex}
              onSelect={onSelect}
              onToggle={onToggle}
            />
          );
        })}
      </div>
    </div>
  );
}

const OutlineItem = memo(function OutlineItem({
  id,
  row,
  top,
  selected,
  tabbable,
  onSelect,
  onToggle,
}: {
  id: string;
  row: OutlineRow;
  top: number;
  selected: boolean;
  tabbable: boolean;
  onSelect: (key: string) => void;
  onToggle: (key: string, expand: boolean) => void;
}) {
  const { node } = row;
  const hasChildren = node.children.length > 0;
  const kind = node.kind === 'agent' ? 'agent' : node.kind === 'team' ? 'team' : null;
  return (
    <div
      id={id}
      role="treeitem"
      className="org-outline-item"
      data-key={row.key}
      data-kind={node.kind}
      aria-level={row.level}
      aria-posinset={row.position}
      aria-setsize={row.siblings}
      aria-expanded={hasChildren ? row.expanded : undefined}
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      // Deep trees indent up to a point; aria-level says the depth beyond it.
      style={{ transform: `translateY(${top}px)`, paddingInlineStart: 4 + Math.min(row.level - 1, 12) * 14 }}
      onClick={() => onSelect(row.key)}
    >
      <span
        className="org-outline-chevron"
        aria-hidden="true"
        data-open={hasChildren ? row.expanded : undefined}
        onClick={(event) => {
          if (!hasChildren) return;
          event.stopPropagation();
          onToggle(row.key, !row.expanded);
        }}
      >
        {hasChildren ? '▸' : ''}
      </span>
      {node.kind === 'team' ? <TeamMark teamId={node.id} /> : <Avatar name={node.name} size={20} kind={node.kind} />}
      <span className="org-outline-name">{node.name}</span>
      {kind && <span className="org-outline-badge">{kind === 'agent' ? 'Agent' : 'Team'}</span>}
      {node.role && <span className="org-outline-role muted">{node.role}</span>}
      {hasChildren && !row.expanded && <span className="org-outline-count muted">{node.memberCount} below</span>}
    </div>
  );
});

/** A team's colour, as on the chart. Decorative: the row says "Team". */
export function TeamMark({ teamId, size }: { teamId: string; size?: 'large' }) {
  return (
    <span
      className="org-outline-team-mark"
      data-size={size}
      aria-hidden="true"
      style={{ ['--team-hue' as string]: teamHue(teamId) }}
    />
  );
}
