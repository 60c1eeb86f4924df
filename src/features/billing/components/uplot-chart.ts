import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartColumns } from '../chart-data';
import { formatCredits } from '../format';

/** The theme's colours, read from its custom properties (so a theme switch re-draws in the new ones). */
function themeColours() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return {
    included: read('--accent'),
    purchased: read('--success'),
    used: read('--warning-text'),
    text: read('--text-muted'),
    grid: read('--border'),
    font: `12px ${read('--font-sans') || 'sans-serif'}`,
  };
}

const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Draws the balances (lines, left axis) and each day's usage (bars, right axis) into `target`.
 * uPlot draws once, without animation, so reduced motion needs nothing more. Returns the chart.
 */
export function drawUsageChart(target: HTMLElement, data: ChartColumns, width: number): uPlot {
  const colours = themeColours();
  const axis = {
    stroke: colours.text,
    font: colours.font,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { show: false },
  };
  const value = (_: uPlot, raw: number | null) => (raw === null ? '–' : formatCredits(raw));
  return new uPlot(
    {
      width,
      height: 260,
      cursor: { drag: { x: false, y: false } },
      legend: { show: true },
      scales: {
        x: { time: true },
        credits: { range: (_u, _min, max) => [0, Math.max(10, max * 1.1)] },
        used: { range: (_u, _min, max) => [0, Math.max(10, max * 1.25)] },
      },
      axes: [
        { ...axis, values: (_u, splits) => splits.map((split) => dayLabel.format(new Date(split * 1000))) },
        { ...axis, scale: 'credits', size: 60, values: (_u, splits) => splits.map(formatCredits) },
        {
          ...axis,
          scale: 'used',
          side: 1,
          size: 50,
          grid: { show: false },
          values: (_u, splits) => splits.map(formatCredits),
        },
      ],
      series: [
        { value: (_u, raw) => (raw === null ? '–' : dayLabel.format(new Date(raw * 1000))) },
        { label: 'Included', scale: 'credits', stroke: colours.included, width: 2, value },
        { label: 'Purchased', scale: 'credits', stroke: colours.purchased, width: 2, dash: [6, 4], value },
        {
          label: 'Used that day',
          scale: 'used',
          stroke: colours.used,
          fill: `${colours.used}55`,
          width: 1,
          paths: uPlot.paths.bars!({ size: [0.6, 24] }),
          points: { show: false },
          value,
        },
      ],
    },
    data,
    target,
  );
}
