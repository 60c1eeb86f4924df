import {
  type Bounds,
  CARD,
  type ChartLayout,
  type LaidNode,
  nodesIn,
  TOGGLE_RADIUS,
  togglePoint,
} from '../chart-layout';
import { initials, teamHue } from '../chart-model';

/** The theme's colours, read from the design tokens so the chart follows light and dark. */
export type Palette = {
  dark: boolean;
  font: string;
  surface: string;
  sunken: string;
  border: string;
  borderStrong: string;
  text: string;
  muted: string;
  accent: string;
  accentSoft: string;
  danger: string;
  success: string;
  warningText: string;
  warningSoft: string;
};

/** Reads the palette from the CSS custom properties in effect on `element`. */
export function readPalette(element: Element): Palette {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    dark: document.documentElement.dataset.theme === 'dark',
    font: read('--font-sans', 'system-ui, sans-serif'),
    surface: read('--surface', '#fff'),
    sunken: read('--surface-sunken', '#f0f0f4'),
    border: read('--border', '#e2e2e9'),
    borderStrong: read('--border-strong', '#c9c9d4'),
    text: read('--text', '#17171c'),
    muted: read('--text-muted', '#5b5b6b'),
    accent: read('--accent', '#4f46e5'),
    accentSoft: read('--accent-soft', '#eef0ff'),
    danger: read('--danger', '#c8102e'),
    success: read('--success', '#137a3d'),
    warningText: read('--warning-text', '#7a4b00'),
    warningSoft: read('--warning-soft', '#fff5e0'),
  };
}

export type Transform = { x: number; y: number; k: number };

/** What the chart shows beyond the layout: selection, hover, a drag in progress, warnings. */
export type DrawState = {
  selectedKey: string | null;
  hoverKey: string | null;
  /** Nodes that have a structure issue: marked with a warning sign. */
  issueKeys: ReadonlySet<string>;
  drag: { key: string; at: { x: number; y: number }; targetKey: string | null; ok: boolean } | null;
};

/** Below this zoom cards are plain coloured blocks; below `NAME_ONLY` they show only the name. */
export const BLOCKS_BELOW = 0.28;
const NAME_ONLY_BELOW = 0.5;

/** Per-node text fitted to the card, kept between frames (measuring text is the costly part). */
export type TextCache = Map<string, string>;

const teamColour = (teamId: string, palette: Palette, soft = false) => {
  const hue = teamHue(teamId);
  if (soft) return palette.dark ? `hsl(${hue} 30% 22%)` : `hsl(${hue} 70% 94%)`;
  return palette.dark ? `hsl(${hue} 60% 62%)` : `hsl(${hue} 62% 42%)`;
};

const avatarColours = (name: string, palette: Palette) => {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  return palette.dark
    ? { fill: `hsl(${hue} 35% 28%)`, text: `hsl(${hue} 70% 88%)` }
    : { fill: `hsl(${hue} 70% 88%)`, text: `hsl(${hue} 55% 25%)` };
};

/** Cuts `text` with an ellipsis to fit `width` in the context's current font. */
function fitText(ctx: CanvasRenderingContext2D, cache: TextCache, cacheKey: string, text: string, width: number) {
  const cached = cache.get(cacheKey);
  if (cached !== undefined) return cached;
  let fitted = text;
  if (ctx.measureText(text).width > width) {
    let low = 0;
    let high = text.length;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (ctx.measureText(text.slice(0, middle) + '…').width <= width) low = middle;
      else high = middle - 1;
    }
    fitted = text.slice(0, low).trimEnd() + '…';
  }
  cache.set(cacheKey, fitted);
  return fitted;
}

/** The line under a card's name: the role, or for a team how many people and agents it holds. */
export function subtitleOf(node: LaidNode): string {
  const { node: chartNode } = node.info;
  if (chartNode.kind === 'team') {
    const count = chartNode.memberCount;
    return `Team · ${count} ${count === 1 ? 'member' : 'members'}`;
  }
  return chartNode.role;
}

/** The third line: an agent's badge and responsible human, or a person's team. */
export function detailOf(node: LaidNode): string {
  const { node: chartNode, teamName, responsible } = node.info;
  if (chartNode.kind === 'agent') return responsible ? `Agent · for ${responsible.name}` : 'Agent · nobody responsible';
  if (chartNode.kind === 'team') return '';
  return teamName ?? '';
}

/** The elbow lines from each visible parent to its visible children that meet `box`. */
function drawLinks(ctx: CanvasRenderingContext2D, layout: ChartLayout, box: Bounds) {
  const vertical = layout.orientation === 'vertical';
  ctx.beginPath();
  for (const parent of layout.nodes) {
    if (!parent.children.length) continue;
    const first = parent.children[0]!;
    const last = parent.children[parent.children.length - 1]!;
    if (vertical) {
      const px = parent.x + CARD.width / 2;
      const top = parent.y + CARD.height;
      const bottom = first.y;
      const middle = (top + bottom) / 2;
      const left = Math.min(px, first.x + CARD.width / 2);
      const right = Math.max(px, last.x + CARD.width / 2);
      if (right < box.x0 || left > box.x1 || bottom < box.y0 || top > box.y1) continue;
      ctx.moveTo(px, top);
      ctx.lineTo(px, middle);
      ctx.moveTo(left, middle);
      ctx.lineTo(right, middle);
      for (const child of parent.children) {
        const cx = child.x + CARD.width / 2;
        if (cx < box.x0 || cx > box.x1) continue;
        ctx.moveTo(cx, middle);
        ctx.lineTo(cx, child.y);
      }
    } else {
      const py = parent.y + CARD.height / 2;
      const start = parent.x + CARD.width;
      const end = first.x;
      const middle = (start + end) / 2;
      const upper = Math.min(py, first.y + CARD.height / 2);
      const lower = Math.max(py, last.y + CARD.height / 2);
      if (lower < box.y0 || upper > box.y1 || end < box.x0 || start > box.x1) continue;
      ctx.moveTo(start, py);
      ctx.lineTo(middle, py);
      ctx.moveTo(middle, upper);
      ctx.lineTo(middle, lower);
      for (const child of parent.children) {
        const cy = child.y + CARD.height / 2;
        if (cy < box.y0 || cy > box.y1) continue;
        ctx.moveTo(middle, cy);
        ctx.lineTo(child.x, cy);
      }
    }
  }
  ctx.stroke();
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, r: number) {
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + width, y, x + width, y + height, r);
  ctx.arcTo(x + width, y + height, x, y + height, r);
  ctx.arcTo(x, y + height, x, y, r);
  ctx.arcTo(x, y, x + width, y, r);
  ctx.closePath();
}

function drawCard(
  ctx: CanvasRenderingContext2D,
  node: LaidNode,
  palette: Palette,
  cache: TextCache,
  detail: 'full' | 'name',
  state: DrawState,
) {
  const { node: chartNode, loose } = node.info;
  const { x, y } = node;
  const team = chartNode.kind === 'team';
  ctx.beginPath();
  roundedRect(ctx, x, y, CARD.width, CARD.height, 10);
  ctx.fillStyle = team && chartNode.teamId ? teamColour(chartNode.teamId, palette, true) : palette.surface;
  ctx.fill();
  const hover = state.hoverKey === node.key;
  ctx.lineWidth = hover ? 2 : 1;
  ctx.strokeStyle = hover ? palette.borderStrong : palette.border;
  if (loose) {
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = palette.warningText;
  }
  ctx.stroke();
  if (loose) ctx.setLineDash([]);

  // The team colour: a stripe down the left edge of a person's or agent's card.
  if (!team && chartNode.teamId) {
    ctx.fillStyle = teamColour(chartNode.teamId, palette);
    ctx.fillRect(x + 1, y + 8, 4, CARD.height - 16);
  }

  const textLeft = x + 62;
  const textWidth = CARD.width - 62 - 12;
  if (detail === 'name') {
    ctx.fillStyle = palette.text;
    ctx.font = `600 22px ${palette.font}`;
    ctx.fillText(
      fitText(ctx, cache, `n22:${node.key}`, chartNode.name, CARD.width - 24),
      x + 12,
      y + CARD.height / 2 + 8,
    );
    return;
  }

  // Avatar: initials in a circle (a rounded square for agents, a team badge for teams).
  const cx = x + 32;
  const cy = y + CARD.height / 2;
  ctx.beginPath();
  if (team) roundedRect(ctx, cx - 18, cy - 18, 36, 36, 8);
  else if (chartNode.kind === 'agent') roundedRect(ctx, cx - 18, cy - 18, 36, 36, 10);
  else ctx.arc(cx, cy, 18, 0, Math.PI * 2);
  const avatar = avatarColours(chartNode.name, palette);
  ctx.fillStyle = team && chartNode.teamId ? teamColour(chartNode.teamId, palette) : avatar.fill;
  ctx.fill();
  ctx.fillStyle = team ? palette.surface : avatar.text;
  ctx.font = `650 13px ${palette.font}`;
  ctx.textAlign = 'center';
  ctx.fillText(initials(chartNode.name), cx, cy + 4.5);
  ctx.textAlign = 'start';

  ctx.fillStyle = palette.text;
  ctx.font = `600 14px ${palette.font}`;
  ctx.fillText(fitText(ctx, cache, `n:${node.key}`, chartNode.name, textWidth), textLeft, y + 24);
  ctx.fillStyle = palette.muted;
  ctx.font = `12px ${palette.font}`;
  ctx.fillText(fitText(ctx, cache, `r:${node.key}`, subtitleOf(node), textWidth), textLeft, y + 41);
  const third = detailOf(node);
  if (third) {
    ctx.fillStyle = chartNode.kind === 'agent' ? palette.accent : palette.muted;
    ctx.font = `${chartNode.kind === 'agent' ? '600 ' : ''}11px ${palette.font}`;
    ctx.fillText(fitText(ctx, cache, `d:${node.key}`, third, textWidth), textLeft, y + 57);
  }
}

function drawToggle(ctx: CanvasRenderingContext2D, node: LaidNode, layout: ChartLayout, palette: Palette) {
  const { x, y } = togglePoint(node, layout.orientation);
  const label = node.collapsed ? `+${node.info.node.memberCount || node.info.node.children.length}` : '−';
  ctx.font = `600 11px ${palette.font}`;
  const width = Math.max(TOGGLE_RADIUS * 2, ctx.measureText(label).width + 10);
  ctx.beginPath();
  roundedRect(ctx, x - width / 2, y - TOGGLE_RADIUS, width, TOGGLE_RADIUS * 2, TOGGLE_RADIUS);
  ctx.fillStyle = node.collapsed ? palette.accentSoft : palette.surface;
  ctx.fill();
  ctx.lineWidth = 1;
  ctx.strokeStyle = palette.borderStrong;
  ctx.stroke();
  ctx.fillStyle = node.collapsed ? palette.accent : palette.muted;
  ctx.textAlign = 'center';
  ctx.fillText(label, x, y + 4);
  ctx.textAlign = 'start';
}

function drawIssueMark(ctx: CanvasRenderingContext2D, node: LaidNode, palette: Palette) {
  const x = node.x + CARD.width - 14;
  const y = node.y + 12;
  ctx.beginPath();
  ctx.moveTo(x, y - 8);
  ctx.lineTo(x + 8, y + 6);
  ctx.lineTo(x - 8, y + 6);
  ctx.closePath();
  ctx.fillStyle = palette.warningText;
  ctx.fill();
  ctx.fillStyle = palette.warningSoft;
  ctx.font = `700 10px ${palette.font}`;
  ctx.textAlign = 'center';
  ctx.fillText('!', x, y + 4.5);
  ctx.textAlign = 'start';
}

function outline(ctx: CanvasRenderingContext2D, node: { x: number; y: number }, colour: string, width: number) {
  ctx.beginPath();
  roundedRect(ctx, node.x - 3, node.y - 3, CARD.width + 6, CARD.height + 6, 12);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.stroke();
}

/**
 * Paints the chart as seen through `transform` in a `width` × `height` (CSS pixels) viewport:
 * only the cards and lines on screen, with less detail as the chart gets smaller. Returns how many
 * cards it drew.
 */
export function drawChart(
  ctx: CanvasRenderingContext2D,
  layout: ChartLayout,
  transform: Transform,
  viewport: { width: number; height: number; ratio: number },
  palette: Palette,
  state: DrawState,
  cache: TextCache,
): number {
  const { width, height, ratio } = viewport;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  const { k } = transform;
  ctx.setTransform(ratio * k, 0, 0, ratio * k, ratio * transform.x, ratio * transform.y);
  const box: Bounds = {
    x0: -transform.x / k,
    y0: -transform.y / k,
    x1: (width - transform.x) / k,
    y1: (height - transform.y) / k,
  };
  const visible = nodesIn(layout, box);

  ctx.lineWidth = Math.max(1, 1 / k);
  ctx.strokeStyle = palette.borderStrong;
  drawLinks(ctx, layout, box);

  const dragKey = state.drag?.key;
  if (k < BLOCKS_BELOW) {
    // Far out: coloured blocks, one fill per colour.
    const groups = new Map<string, LaidNode[]>();
    for (const node of visible) {
      const { node: chartNode } = node.info;
      const colour =
        chartNode.kind === 'team'
          ? chartNode.teamId
            ? teamColour(chartNode.teamId, palette)
            : palette.muted
          : chartNode.teamId
            ? teamColour(chartNode.teamId, palette, true)
            : palette.sunken;
      let group = groups.get(colour);
      if (!group) groups.set(colour, (group = []));
      group.push(node);
    }
    for (const [colour, nodes] of groups) {
      ctx.fillStyle = colour;
      for (const node of nodes) ctx.fillRect(node.x, node.y, CARD.width, CARD.height);
    }
    ctx.lineWidth = 1 / k;
    ctx.strokeStyle = palette.borderStrong;
    ctx.beginPath();
    for (const node of visible) ctx.rect(node.x, node.y, CARD.width, CARD.height);
    ctx.stroke();
  } else {
    const detail = k < NAME_ONLY_BELOW ? 'name' : 'full';
    for (const node of visible) {
      if (node.key === dragKey) ctx.globalAlpha = 0.4;
      drawCard(ctx, node, palette, cache, detail, state);
      if (node.hasChildren) drawToggle(ctx, node, layout, palette);
      if (state.issueKeys.has(node.key)) drawIssueMark(ctx, node, palette);
      ctx.globalAlpha = 1;
    }
  }

  const selected = state.selectedKey ? layout.byKey.get(state.selectedKey) : undefined;
  if (selected) outline(ctx, selected, palette.accent, Math.max(3, 2 / k));
  if (state.drag) {
    const target = state.drag.targetKey ? layout.byKey.get(state.drag.targetKey) : undefined;
    if (target) outline(ctx, target, state.drag.ok ? palette.success : palette.danger, Math.max(3, 2 / k));
    const dragged = layout.byKey.get(state.drag.key);
    if (dragged) {
      ctx.globalAlpha = 0.85;
      const ghost = { ...dragged, x: state.drag.at.x - CARD.width / 2, y: state.drag.at.y - CARD.height / 2 };
      drawCard(ctx, ghost, palette, cache, k < NAME_ONLY_BELOW ? 'name' : 'full', state);
      ctx.globalAlpha = 1;
    }
  }
  return visible.length;
}
