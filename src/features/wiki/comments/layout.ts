/** A thread card in the margin: where its passage starts (px from the column's top) and its height. */
export type MarginItem = { id: string; anchor: number; height: number };

/**
 * Stacks margin cards so each sits level with its passage without overlapping the others: cards
 * keep document order and are pushed down (by `gap`) when the one above is in the way. The active
 * card, when given, sits exactly level with its passage; the cards above it move up to make room
 * (never above `minTop`, in which case the active card is pushed down after all).
 * Returns each card's top.
 */
export function stackMargin(
  items: readonly MarginItem[],
  { activeId = null, gap = 8, minTop = 0 }: { activeId?: string | null; gap?: number; minTop?: number } = {},
): Map<string, number> {
  const sorted = items
    .map((item, index) => ({ ...item, index }))
    .sort((a, b) => a.anchor - b.anchor || a.index - b.index);
  const tops = sorted.map((item) => Math.max(minTop, item.anchor));
  const pivot = sorted.findIndex((item) => item.id === activeId);
  if (pivot > 0) {
    // Upwards from the active card: each card ends a gap above the next one.
    for (let i = pivot - 1; i >= 0; i--) {
      tops[i] = Math.min(tops[i]!, tops[i + 1]! - gap - sorted[i]!.height);
    }
  }
  // Downwards from the top: nothing above minTop, nothing overlapping the card above.
  for (let i = 0; i < sorted.length; i++) {
    const floor = i === 0 ? minTop : tops[i - 1]! + sorted[i - 1]!.height + gap;
    tops[i] = Math.max(tops[i]!, floor);
  }
  return new Map(sorted.map((item, i) => [item.id, tops[i]!]));
}
