import { CARD, type ChartLayout } from '../chart-layout';
import { initials, teamHue } from '../chart-model';
import { detailOf, drawChart, type Palette, subtitleOf } from './render';

const PADDING = 24;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);

/**
 * The visible chart as a standalone SVG document: cards with initials, name, role and team colour,
 * and the lines between them. Long text is clipped to the card rather than measured.
 */
export function chartToSvg(layout: ChartLayout, palette: Palette, title = 'Organization chart'): string {
  const { bounds } = layout;
  const width = Math.ceil(bounds.x1 - bounds.x0 + 2 * PADDING);
  const height = Math.ceil(bounds.y1 - bounds.y0 + 2 * PADDING);
  const dx = PADDING - bounds.x0;
  const dy = PADDING - bounds.y0;
  const vertical = layout.orientation === 'vertical';
  const lines: string[] = [];
  for (const parent of layout.nodes) {
    for (const child of parent.children) {
      if (vertical) {
        const px = parent.x + CARD.width / 2 + dx;
        const top = parent.y + CARD.height + dy;
        const middle = (top + child.y + dy) / 2;
        const cx = child.x + CARD.width / 2 + dx;
        lines.push(`M${px} ${top}V${middle}H${cx}V${child.y + dy}`);
      } else {
        const py = parent.y + CARD.height / 2 + dy;
        const start = parent.x + CARD.width + dx;
        const middle = (start + child.x + dx) / 2;
        const cy = child.y + CARD.height / 2 + dy;
        lines.push(`M${start} ${py}H${middle}V${cy}H${child.x + dx}`);
      }
    }
  }
  const cards = layout.nodes.map((node) => {
    const { node: chartNode } = node.info;
    const x = node.x + dx;
    const y = node.y + dy;
    const team = chartNode.kind === 'team';
    const hue = chartNode.teamId ? teamHue(chartNode.teamId) : null;
    const fill = team && hue !== null ? `hsl(${hue} 70% 94%)` : '#ffffff';
    const stripe =
      !team && hue !== null
        ? `<rect x="${x + 1}" y="${y + 8}" width="4" height="${CARD.height - 16}" fill="hsl(${hue} 62% 42%)"/>`
        : '';
    const avatar =
      chartNode.kind === 'human'
        ? `<circle cx="${x + 32}" cy="${y + CARD.height / 2}" r="18" fill="${team && hue !== null ? `hsl(${hue} 62% 42%)` : '#e4e4f4'}"/>`
        : `<rect x="${x + 14}" y="${y + CARD.height / 2 - 18}" width="36" height="36" rx="${team ? 8 : 10}" fill="${hue !== null && team ? `hsl(${hue} 62% 42%)` : '#e4e4f4'}"/>`;
    const third = detailOf(node);
    return [
      `<g><title>${escapeXml(chartNode.name)}</title>`,
      `<rect x="${x}" y="${y}" width="${CARD.width}" height="${CARD.height}" rx="10" fill="${fill}" stroke="#c9c9d4"${node.info.loose ? ' stroke-dasharray="6 4"' : ''}/>`,
      stripe,
      avatar,
      `<text x="${x + 32}" y="${y + CARD.height / 2 + 4.5}" text-anchor="middle" font-size="13" font-weight="650" fill="${team ? '#ffffff' : '#2a2a55'}">${escapeXml(initials(chartNode.name))}</text>`,
      `<svg x="${x + 62}" y="${y}" width="${CARD.width - 74}" height="${CARD.height}">`,
      `<text x="0" y="24" font-size="14" font-weight="600" fill="#17171c">${escapeXml(chartNode.name)}</text>`,
      `<text x="0" y="41" font-size="12" fill="#5b5b6b">${escapeXml(subtitleOf(node))}</text>`,
      third
        ? `<text x="0" y="57" font-size="11" fill="${chartNode.kind === 'agent' ? '#4f46e5' : '#5b5b6b'}">${escapeXml(third)}</text>`
        : '',
      '</svg></g>',
    ].join('');
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${escapeXml(palette.font)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" fill="#f7f7f9"/>`,
    `<path d="${lines.join('')}" fill="none" stroke="#c9c9d4"/>`,
    ...cards,
    '</svg>',
  ].join('\n');
}

/** The largest canvas browsers reliably allocate: 16,384 pixels a side, 100 million in all. */
const MAX_SIDE = 16_384;
const MAX_AREA = 100_000_000;

/**
 * The visible chart as a PNG, in the light palette, at twice its size when that fits a canvas (a
 * very large chart is scaled down to fit, and drawn with less detail when that makes text too small).
 */
export async function chartToPng(layout: ChartLayout, palette: Palette): Promise<Blob> {
  const { bounds } = layout;
  const width = bounds.x1 - bounds.x0 + 2 * PADDING;
  const height = bounds.y1 - bounds.y0 + 2 * PADDING;
  const scale = Math.min(2, MAX_SIDE / width, MAX_SIDE / height, Math.sqrt(MAX_AREA / (width * height)));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.floor(width * scale));
  canvas.height = Math.max(1, Math.floor(height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the chart as an image.');
  const light: Palette = {
    ...palette,
    dark: false,
    surface: '#ffffff',
    sunken: '#f0f0f4',
    border: '#e2e2e9',
    borderStrong: '#c9c9d4',
    text: '#17171c',
    muted: '#5b5b6b',
    accent: '#4f46e5',
    accentSoft: '#eef0ff',
  };
  // Drawn at zoom 1 with `scale` canvas pixels per unit; the page background goes in behind.
  drawChart(
    ctx,
    layout,
    { k: 1, x: PADDING - bounds.x0, y: PADDING - bounds.y0 },
    { width, height, ratio: scale },
    light,
    { selectedKey: null, hoverKey: null, issueKeys: new Set(), drag: null },
    new Map(),
  );
  ctx.globalCompositeOperation = 'destination-over';
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#f7f7f9';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be made.'))), 'image/png'),
  );
}

/** Saves `blob` as a download named `name`. */
export function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
