import type { CronJob } from '@/api';

type Where = { locale?: string; timeZone?: string };

/** The viewer's time zone (`Europe/Berlin`), or UTC where the browser does not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The time zones to choose from (IANA names, sorted), always with UTC and `current` (a job's
 * zone the browser may not list).
 */
export function timeZoneChoices(current?: string): string[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()];
  const all = new Set([...listed, 'UTC', ...(current ? [current] : [])]);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/**
 * When a schedule fires, in the viewer's locale and time zone: "Mon 30 Nov, 09:00". The zone's
 * short name follows when the schedule keeps another zone ("Mon 30 Nov, 08:00 UTC"), so the
 * time cannot be read in the wrong one.
 */
export function formatRunTime(iso: string, scheduleZone?: string, where: Where = {}): string {
  const viewerZone = where.timeZone ?? browserTimeZone();
  return new Intl.DateTimeFormat(where.locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: viewerZone,
    ...(scheduleZone && !sameZone(scheduleZone, viewerZone, iso) && { timeZoneName: 'short' }),
  }).format(new Date(iso));
}

/** Two zone names that show the same wall time at `iso` (`UTC` and `Etc/UTC`) need no zone label. */
function sameZone(a: string, b: string, iso: string): boolean {
  if (a === b) return true;
  try {
    const at = (timeZone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
    return at(a) === at(b);
  } catch {
    return false;
  }
}

/**
 * A schedule in words: "At 09:00, Monday through Friday (Europe/Berlin) · next: Mon 30 Nov, 09:00",
 * or "… · Disabled".
 */
export function describeSchedule(
  job: Pick<CronJob, 'description' | 'timeZone' | 'enabled' | 'nextRunAt'>,
  where: Where = {},
): string {
  const when = `${job.description} (${job.timeZone})`;
  if (!job.enabled) return `${when} · Disabled`;
  if (!job.nextRunAt) return when;
  return `${when} · next: ${formatRunTime(job.nextRunAt, job.timeZone, where)}`;
}

const units = ['B', 'KB', 'MB'] as const;

/** A payload's size: "312 B", "1.5 KB", "2 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? value : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

/** A payload as indented JSON, for a <pre> (shown as text, never as HTML). */
export function prettyPayload(payload: unknown): string {
  if (payload === undefined) return '(no payload)';
  return JSON.stringify(payload, null, 2);
}

/** A shell example that signs a JSON body with the endpoint's secret and sends it. */
export function signingExample(url: string): string {
  return [
    `BODY='{"event":"build.finished","status":"green"}'`,
    `TS=$(date +%s)`,
    `SIG=$(printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET" | sed 's/^.* //')`,
    `curl -X POST '${url}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H "Webhook-Timestamp: $TS" \\`,
    `  -H "Webhook-Signature: v1=$SIG" \\`,
    `  --data "$BODY"`,
  ].join('\n');
}
