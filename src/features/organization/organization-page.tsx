import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { Button, Menu, type MenuItem, MenuButton, QueryNotice, toast, useDocumentTitle } from '@/ui';
import { nodeAdminActions, openOrgDialog, OrgAdminDialogs, planDrop, StructureWarnings, useApplyDrop } from './admin';
import { layoutChart, type Orientation } from './chart-layout';
import { ancestorKeys, type ChartIndex, indexChart, profileLink } from './chart-model';
import { type ChartController, type DropPreview, OrgCanvas } from './chart/org-canvas';
import { NodeDetails } from './components/node-details';
import { OrgOutline } from './components/org-outline';
import { OrgSearch } from './components/org-search';
import { useOrganizationLive } from './live';
import { orgQueries } from './queries';
import type { OrgChart } from './types';
import './organization.css';

const ORIENTATION_KEY = 'workspace.org.orientation';

function storedOrientation(): Orientation {
  try {
    return localStorage.getItem(ORIENTATION_KEY) === 'horizontal' ? 'horizontal' : 'vertical';
  } catch {
    return 'vertical';
  }
}

/** The chart nodes a structure issue is about (none for "no admin", which is about the company). */
function issueKeysOf(chart: OrgChart, index: ChartIndex): Set<string> {
  const keys = new Set<string>();
  for (const issue of chart.issues) {
    for (const kind of ['team', 'human', 'agent'] as const) {
      const key = `${kind}:${issue.id}`;
      if (index.byKey.has(key)) keys.add(key);
    }
  }
  return keys;
}

type OrganizationPageProps = {
  /** The node in the address (`?node=<key>`): selected and centred. */
  nodeKey: string | null;
  onNodeChange: (key: string | null) => void;
};

/**
 * Organization: the company as a chart of people, agents and teams, with the same tree as an
 * outline beside it, a search that flies to a node, the selected node's details and, for admins,
 * the changes that can be made and the structure warnings.
 */
export function OrganizationPage({ nodeKey, onNodeChange }: OrganizationPageProps) {
  useDocumentTitle('Organization');
  useOrganizationLive();
  const chart = useQuery(orgQueries.chart());
  return (
    <div className="org-page">
      <header className="page-header">
        <h1>Organization</h1>
        <p className="muted">Who works with whom: people, agents and teams, and whom each reports to.</p>
      </header>
      {chart.isPending ? (
        <QueryNotice status="loading" label="Loading the chart…" />
      ) : chart.isError ? (
        <QueryNotice status="error" message={errorMessage(chart.error)} onRetry={() => void chart.refetch()} />
      ) : (
        <OrgChartView chart={chart.data} nodeKey={nodeKey} onNodeChange={onNodeChange} />
      )}
    </div>
  );
}

type Camera = { key: string; mode: 'flyTo' | 'reveal' };

function OrgChartView({ chart, nodeKey, onNodeChange }: { chart: OrgChart } & OrganizationPageProps) {
  const navigate = useNavigate();
  const applyDrop = useApplyDrop();
  const controllerRef = useRef<ChartController | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [orientation, setOrientation] = useState<Orientation>(storedOrientation);
  const [anchorKey, setAnchorKey] = useState<string | null>(null);
  // The side panels take room from the chart: on a screen under 1600 px wide the outline starts
  // closed; both fold away with their toolbar buttons.
  const [outlineOpen, setOutlineOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 1600);
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [menu, setMenu] = useState<{ key: string; anchor: HTMLElement } | null>(null);
  const [initialKey] = useState(nodeKey);
  const cameraRef = useRef<Camera | null>(null);

  const index = useMemo(() => indexChart(chart), [chart]);
  const issueKeys = useMemo(() => issueKeysOf(chart, index), [chart, index]);
  const layout = useMemo(() => layoutChart(index, orientation, collapsed), [index, orientation, collapsed]);
  const selectedKey = nodeKey && index.byKey.has(nodeKey) ? nodeKey : null;

  useEffect(() => {
    try {
      localStorage.setItem(ORIENTATION_KEY, orientation);
    } catch {
      // Private windows may refuse storage: the choice then lasts as long as the page.
    }
  }, [orientation]);

  // Moves the view once the layout shows the node asked for (after any branch opened for it).
  useEffect(() => {
    const camera = cameraRef.current;
    if (!camera || !layout.byKey.has(camera.key)) return;
    cameraRef.current = null;
    controllerRef.current?.[camera.mode](camera.key);
  }, [layout, selectedKey]);

  const select = useCallback(
    (key: string, mode: Camera['mode'] | null) => {
      if (mode) cameraRef.current = { key, mode };
      setAnchorKey(key);
      // A node inside a collapsed branch (found by the search, say) opens the branch.
      setCollapsed((old) => {
        const above = ancestorKeys(index, key).filter((ancestor) => old.has(ancestor));
        if (!above.length) return old;
        const next = new Set(old);
        above.forEach((ancestor) => next.delete(ancestor));
        return next;
      });
      onNodeChange(key);
      if (mode && key === selectedKey) {
        cameraRef.current = null;
        controllerRef.current?.[mode](key);
      }
    },
    [index, onNodeChange, selectedKey],
  );

  const toggle = useCallback(
    (key: string, expand?: boolean) => {
      const open = !collapsed.has(key);
      if (expand === open) return;
      setAnchorKey(key);
      setCollapsed((old) => {
        const next = new Set(old);
        if (open) next.add(key);
        else next.delete(key);
        return next;
      });
      // Closing the branch the selected node is in selects the node closed, as tree views do.
      if (open && selectedKey && ancestorKeys(index, selectedKey).includes(key)) onNodeChange(key);
    },
    [collapsed, index, onNodeChange, selectedKey],
  );

  const openProfile = useCallback(
    (key: string) => {
      const node = index.byKey.get(key)?.node;
      if (node) void navigate(profileLink(node));
    },
    [index, navigate],
  );

  const adminActions = useCallback((key: string) => (chart.canEdit ? nodeAdminActions(chart, key) : []), [chart]);

  const menuItems = (key: string): MenuItem[] => {
    const info = index.byKey.get(key);
    if (!info) return [];
    const hasChildren = info.node.children.length > 0;
    const isCollapsed = collapsed.has(key);
    return [
      { label: info.node.kind === 'team' ? 'Open team' : 'Open profile', onSelect: () => openProfile(key) },
      ...(hasChildren
        ? [{ label: isCollapsed ? 'Expand' : 'Collapse', onSelect: () => toggle(key, isCollapsed) }]
        : []),
      { label: 'Show on chart', onSelect: () => select(key, 'flyTo') },
      ...adminActions(key).map((action) => ({ label: action.label, onSelect: action.run })),
    ];
  };

  const previewDrop = useCallback(
    (dragged: string, target: string): DropPreview => {
      const plan = planDrop(chart, dragged, target);
      return plan.ok ? { ok: true, label: plan.label } : { ok: false, reason: plan.reason };
    },
    [chart],
  );
  const drop = useCallback(
    (dragged: string, target: string) => {
      const plan = planDrop(chart, dragged, target);
      if (plan.ok) applyDrop(plan);
    },
    [chart, applyDrop],
  );

  const expandAll = () => {
    setAnchorKey(selectedKey);
    setCollapsed(new Set());
  };
  const collapseAll = () => {
    // Everything below the first two levels folds away.
    const next = new Set<string>();
    for (const key of index.order) {
      const info = index.byKey.get(key)!;
      if (info.level >= 2 && info.node.children.length) next.add(key);
    }
    setAnchorKey(null);
    setCollapsed(next);
    requestAnimationFrame(() => controllerRef.current?.fit());
  };

  async function exportAs(format: 'png' | 'svg') {
    const palette = controllerRef.current?.palette();
    if (!palette) return;
    try {
      // Loaded when first asked for: most visits never export.
      const { chartToPng, chartToSvg, download } = await import('./chart/export');
      const blob =
        format === 'svg'
          ? new Blob([chartToSvg(layout, palette)], { type: 'image/svg+xml' })
          : await chartToPng(layout, palette);
      download(blob, `organization-chart.${format}`);
    } catch (error) {
      toast('error', 'The chart could not be exported', errorMessage(error));
    }
  }

  const empty = index.order.length === 0;
  return (
    <div className="org-view" data-outline={outlineOpen || undefined} data-details={detailsOpen || undefined}>
      <div className="org-toolbar">
        <OrgSearch index={index} onPick={(key) => select(key, 'flyTo')} />
        <div className="org-toolbar-group" role="group" aria-label="Zoom">
          <Button
            size="small"
            variant="ghost"
            aria-label="Zoom out"
            aria-keyshortcuts="-"
            onClick={() => controllerRef.current?.zoomBy(0.8)}
          >
            −
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-label="Zoom in"
            aria-keyshortcuts="+"
            onClick={() => controllerRef.current?.zoomBy(1.25)}
          >
            +
          </Button>
          <Button size="small" variant="ghost" aria-keyshortcuts="0" onClick={() => controllerRef.current?.fit()}>
            Fit
          </Button>
        </div>
        <div className="org-toolbar-group" role="group" aria-label="Direction">
          <Button
            size="small"
            variant="ghost"
            aria-pressed={orientation === 'vertical'}
            onClick={() => setOrientation('vertical')}
          >
            Top down
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-pressed={orientation === 'horizontal'}
            onClick={() => setOrientation('horizontal')}
          >
            Left to right
          </Button>
        </div>
        <div className="org-toolbar-group" role="group" aria-label="Branches">
          <Button size="small" variant="ghost" onClick={expandAll}>
            Expand all
          </Button>
          <Button size="small" variant="ghost" onClick={collapseAll}>
            Collapse all
          </Button>
        </div>
        <div className="org-toolbar-group org-toolbar-end">
          <Button
            size="small"
            variant="ghost"
            aria-pressed={outlineOpen}
            aria-controls="org-outline-panel"
            onClick={() => setOutlineOpen((open) => !open)}
          >
            Outline
          </Button>
          <Button
            size="small"
            variant="ghost"
            aria-pressed={detailsOpen}
            aria-controls="org-side-panel"
            onClick={() => setDetailsOpen((open) => !open)}
          >
            Details
          </Button>
          <MenuButton
            label="Export"
            items={[
              { label: 'PNG image', onSelect: () => void exportAs('png') },
              { label: 'SVG drawing', onSelect: () => void exportAs('svg') },
            ]}
          >
            Export
          </MenuButton>
          {chart.canEdit && (
            <Button size="small" onClick={() => openOrgDialog({ kind: 'new-team' })}>
              New team…
            </Button>
          )}
        </div>
      </div>
      {empty ? (
        <QueryNotice status="empty" title="Nobody here yet">
          Invite colleagues from Settings → Members and they appear on the chart.
        </QueryNotice>
      ) : (
        <div className="org-body">
          <section id="org-outline-panel" className="org-outline-panel" aria-label="Outline" hidden={!outlineOpen}>
            <OrgOutline
              index={index}
              collapsed={collapsed}
              selectedKey={selectedKey}
              onSelect={(key) => select(key, 'reveal')}
              onToggle={toggle}
              onOpen={openProfile}
              onMenu={(key, anchor) => setMenu({ key, anchor })}
            />
          </section>
          <OrgCanvas
            layout={layout}
            selectedKey={selectedKey}
            issueKeys={issueKeys}
            canEdit={chart.canEdit}
            anchorKey={anchorKey}
            initialKey={initialKey}
            controllerRef={controllerRef}
            onSelect={(key) => select(key, null)}
            onToggle={(key) => toggle(key)}
            onOpen={openProfile}
            onMenu={(key, anchor) => setMenu({ key, anchor })}
            planDrop={chart.canEdit ? previewDrop : undefined}
            onDrop={chart.canEdit ? drop : undefined}
          />
          <aside id="org-side-panel" className="org-side" aria-label="Details and warnings" hidden={!detailsOpen}>
            {selectedKey ? (
              <NodeDetails
                chart={chart}
                index={index}
                nodeKey={selectedKey}
                collapsed={collapsed.has(selectedKey)}
                onToggle={() => toggle(selectedKey)}
                actions={adminActions(selectedKey)}
              />
            ) : (
              <p className="muted org-side-hint">
                Choose someone on the chart, in the outline or with the search to see their details.
              </p>
            )}
            <StructureWarnings chart={chart} onShowNode={(key) => select(key, 'flyTo')} />
          </aside>
        </div>
      )}
      {menu && (
        <Menu
          anchor={menu.anchor}
          label={`Actions for ${index.byKey.get(menu.key)?.node.name ?? 'this node'}`}
          items={menuItems(menu.key)}
          onClose={() => setMenu(null)}
        />
      )}
      {chart.canEdit && <OrgAdminDialogs chart={chart} />}
    </div>
  );
}
