/** Sizes, speeds and durations as the tray shows them (and screen readers read them). */

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; powers of 1024, one decimal under 10 units, none above. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/** Bytes per second → "3.2 MB/s". */
export const formatSpeed = (bytesPerSecond: number) => `${formatBytes(bytesPerSecond)}/s`;

/** Seconds → "12 s", "3 min", "1 h 5 min" (rounded up: an estimate should not promise too much). */
export function formatDuration(seconds: number): string {
  const total = Math.max(1, Math.ceil(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.ceil(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

/** Whole percent of `sent` out of `total`; an empty file is complete at once. */
export const percentOf = (sent: number, total: number) =>
  total <= 0 ? 100 : Math.min(100, Math.floor((sent / total) * 100));

/** "45%, 3.2 MB/s, 12 s left" — the progress bar's text; parts without an estimate yet are left out. */
export function progressText(sent: number, total: number, speed: number | null, secondsLeft: number | null): string {
  const parts = [`${percentOf(sent, total)}%`];
  if (speed !== null && speed > 0) parts.push(formatSpeed(speed));
  if (secondsLeft !== null && Number.isFinite(secondsLeft)) parts.push(`${formatDuration(secondsLeft)} left`);
  return parts.join(', ');
}
