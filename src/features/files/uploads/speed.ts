/**
 * Upload speed as an exponential moving average with a ~3 s time constant: steady enough to read,
 * quick enough to follow a change of network. Progress events arrive at uneven intervals, so the
 * weight of each sample depends on the time it covers (alpha = 1 − e^(−Δt/τ)).
 */
export const SPEED_TIME_CONSTANT_MS = 3000;

export type SpeedSample = { speed: number | null; at: number; sent: number };

/** The smoothed speed (bytes/s) after `sent` bytes were reached at time `at` (ms). */
export function nextSpeed(
  previous: SpeedSample,
  sent: number,
  at: number,
  tau = SPEED_TIME_CONSTANT_MS,
): number | null {
  const elapsed = at - previous.at;
  if (elapsed <= 0) return previous.speed;
  const rate = (Math.max(0, sent - previous.sent) * 1000) / elapsed;
  if (previous.speed === null) return rate;
  const alpha = 1 - Math.exp(-elapsed / tau);
  return previous.speed + alpha * (rate - previous.speed);
}

/** Seconds until `total` at `speed`, or null while there is no estimate. */
export function secondsLeft(sent: number, total: number, speed: number | null): number | null {
  if (speed === null || speed <= 0) return null;
  return Math.max(0, total - sent) / speed;
}
