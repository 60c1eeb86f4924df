import { describe, expect, it } from 'vitest';
import { layoutChart } from '../chart-layout';
import { indexChart } from '../chart-model';
import { testChart } from '../test-chart';
import { chartToSvg } from './export';
import type { Palette } from './render';

const palette = { font: 'system-ui, "Segoe UI"' } as Palette;

describe('chartToSvg', () => {
  const index = indexChart(testChart());

  it('draws every visible card with its name, role, initials and the lines between them', () => {
    const svg = chartToSvg(layoutChart(index, 'vertical', new Set()), palette);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<g>/g)).toHaveLength(8);
    expect(svg).toContain('>Zoë Café</text>');
    expect(svg).toContain('>ZC</text>');
    expect(svg).toContain('>Product Designer</text>');
    // Agents carry their badge and the person responsible for them.
    expect(svg).toContain('Agent · for Linus Berg');
    // The font family's quotes are escaped inside the attribute.
    expect(svg).toContain('font-family="system-ui, &quot;Segoe UI&quot;"');
    // Six parent-child links (the loose team hangs from nothing), one path each.
    expect(svg.match(/M[\d.-]+ [\d.-]+[VH]/g)).toHaveLength(6);
  });

  it('leaves collapsed branches out and escapes markup in names', () => {
    const chart = testChart();
    chart.tree.roots[0]!.name = 'Ada <Lovelace> & Co';
    const layout = layoutChart(indexChart(chart), 'horizontal', new Set([chart.tree.roots[0]!.key]));
    const svg = chartToSvg(layout, palette);
    expect(svg.match(/<g>/g)).toHaveLength(2);
    expect(svg).toContain('Ada &lt;Lovelace&gt; &amp; Co');
    expect(svg).not.toContain('Grace Hopper');
  });
});
