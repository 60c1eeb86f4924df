import { describe, expect, it } from 'vitest';
import { barShares, summarizeUsage, toChartColumns, type UsageDay } from './chart-data';

const days: UsageDay[] = [
  { date: '2026-11-02', consumed: 40, added: 0, included: 960, purchased: 500 },
  { date: '2026-11-01', consumed: 0, added: 1500, included: 1000, purchased: 500 },
  { date: '2026-11-03', consumed: 120, added: 0, included: 840, purchased: 500 },
];

describe('chart data', () => {
  it('orders the days and aligns the columns on UTC day starts', () => {
    const [x, included, purchased, used] = toChartColumns(days);
    expect(x).toEqual([Date.UTC(2026, 10, 1) / 1000, Date.UTC(2026, 10, 2) / 1000, Date.UTC(2026, 10, 3) / 1000]);
    expect(included).toEqual([1000, 960, 840]);
    expect(purchased).toEqual([500, 500, 500]);
    expect(used).toEqual([0, 40, 120]);
  });

  it('counts credits used as positive, whichever sign the server gives', () => {
    expect(toChartColumns([{ ...days[0]!, consumed: -40 }])[3]).toEqual([40]);
  });

  it('says the chart in words', () => {
    expect(summarizeUsage(days, 30)).toBe(
      'Last 30 days: 160 credits used and 1,500 added. Busiest day Nov 3, 120 used. On Nov 3: 840 included and 500 purchased credits.',
    );
    expect(summarizeUsage([], 90)).toBe('No credit activity in the last 90 days.');
  });

  it('sizes breakdown bars against the largest, largest first', () => {
    expect(
      barShares([
        { name: 'a', credits: 25 },
        { name: 'b', credits: 100 },
        { name: 'c', credits: 0 },
      ]).map((bar) => [bar.name, bar.share]),
    ).toEqual([
      ['b', 100],
      ['a', 25],
      ['c', 0],
    ]);
    expect(barShares([{ credits: 0 }])[0]!.share).toBe(0);
  });
});
