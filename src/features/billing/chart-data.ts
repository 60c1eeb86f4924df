import { formatCredits } from './format';

/** What the chart needs of a day of `GET /subscriptions/credits/usage` (`CreditUsageDay`). */
export type UsageDay = {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** Credits agent work used that day (positive). */
  consumed: number;
  added: number;
  /** The balances at the end of the day. */
  included: number;
  purchased: number;
};

/** uPlot's aligned columns: x (Unix seconds at the day's start), included, purchased, used that day. */
export type ChartColumns = [number[], number[], number[], number[]];

const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

/** The usage days as the chart's columns, oldest first; credits used are counted positive. */
export function toChartColumns(days: readonly UsageDay[]): ChartColumns {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  return [
    sorted.map((day) => dayStart(day.date)),
    sorted.map((day) => day.included),
    sorted.map((day) => day.purchased),
    sorted.map((day) => Math.abs(day.consumed)),
  ];
}

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "Nov 3" for a `YYYY-MM-DD` day. */
export const formatDay = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));

/**
 * The chart in words, for screen readers and as its text alternative: totals over the range, the
 * busiest day, and the balances at the end.
 */
export function summarizeUsage(days: readonly UsageDay[], range: number): string {
  if (days.length === 0) return `No credit activity in the last ${range} days.`;
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const used = sorted.reduce((sum, day) => sum + Math.abs(day.consumed), 0);
  const added = sorted.reduce((sum, day) => sum + day.added, 0);
  const busiest = sorted.reduce((top, day) => (Math.abs(day.consumed) > Math.abs(top.consumed) ? day : top));
  const last = sorted[sorted.length - 1]!;
  const parts = [
    `Last ${range} days: ${formatCredits(used)} credits used and ${formatCredits(added)} added.`,
    used > 0 ? `Busiest day ${formatDay(busiest.date)}, ${formatCredits(Math.abs(busiest.consumed))} used.` : '',
    `On ${formatDay(last.date)}: ${formatCredits(last.included)} included and ${formatCredits(last.purchased)} purchased credits.`,
  ];
  return parts.filter(Boolean).join(' ');
}

/** Bars of a breakdown (by agent, by type): each one's share of the largest, in percent. */
export function barShares<T extends { credits: number }>(items: readonly T[]): (T & { share: number })[] {
  const top = Math.max(0, ...items.map((item) => Math.abs(item.credits)));
  return [...items]
    .sort((a, b) => Math.abs(b.credits) - Math.abs(a.credits))
    .map((item) => ({ ...item, share: top === 0 ? 0 : Math.round((Math.abs(item.credits) / top) * 100) }));
}
