import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { QueryNotice } from '@/ui';
import { formatDay, summarizeUsage, toChartColumns, type UsageDay } from '../chart-data';
import { formatCredits } from '../format';

/**
 * The balances and daily usage over the range, drawn by uPlot (loaded with this component, so
 * only Billing pays for it), in the theme's colours. Named for assistive technology, described by
 * a summary, and backed by a table of the days (the text alternative).
 */
export function UsageChart({ days, range }: { days: UsageDay[]; range: number }) {
  const target = useRef<HTMLDivElement>(null);
  const summaryId = useId();
  const [failed, setFailed] = useState(false);
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme);
  const data = useMemo(() => toChartColumns(days), [days]);

  // The theme can change while the page is open (the palette, the system): draw again in its colours.
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(document.documentElement.dataset.theme));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    let stopped = false;
    let dispose = () => {};
    import('./uplot-chart')
      .then(({ drawUsageChart }) => {
        if (stopped) return;
        const chart = drawUsageChart(element, data, element.clientWidth || 600);
        const resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: 260 }));
        resize.observe(element);
        dispose = () => {
          resize.disconnect();
          chart.destroy();
        };
      })
      .catch(() => setFailed(true));
    return () => {
      stopped = true;
      dispose();
    };
  }, [data, theme]);

  return (
    <figure className="billing-chart">
      <div
        ref={target}
        role="img"
        aria-label={`Credit balances and daily usage, last ${range} days`}
        aria-describedby={summaryId}
      />
      {failed && (
        <QueryNotice status="error" message="The chart could not be loaded. The table below has the same figures." />
      )}
      <figcaption id={summaryId} className="muted">
        {summarizeUsage(days, range)}
      </figcaption>
      <details className="billing-chart-table">
        <summary>Show the days as a table</summary>
        <table className="data-table">
          <caption className="visually-hidden">Credits by day, last {range} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Used</th>
              <th scope="col">Added</th>
              <th scope="col">Included after</th>
              <th scope="col">Purchased after</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date)}</th>
                <td>{formatCredits(day.consumed)}</td>
                <td>{formatCredits(day.added)}</td>
                <td>{formatCredits(day.included)}</td>
                <td>{formatCredits(day.purchased)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
