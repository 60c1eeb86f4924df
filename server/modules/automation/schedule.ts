/**
 * Cron expressions and time zones, through croner (next times, time zones and their daylight
 * saving changes) and cronstrue (the human-readable description).
 *
 * Accepted: five fields (minute, hour, day of month, month, day of week) with croner's syntax
 * (lists, ranges, steps, names, `L`, `W`, `#`), and the nicknames `@hourly`, `@daily`
 * (`@midnight`), `@weekly`, `@monthly` and `@yearly` (`@annually`). Refused: forms with seconds
 * (six fields) or seconds and years (seven), schedules that never fire, and schedules firing more
 * often than every MIN_INTERVAL_MINUTES minutes (a schedule hands an agent work: every minute would
 * drown it).
 *
 * Daylight saving: a time that does not exist on the day the clocks go forward (02:30 in
 * Europe/Berlin on the last Sunday of March) fires an hour later, at 03:30 local time; a time
 * that occurs twice when they go back fires once, at its first occurrence, except in a schedule
 * firing every hour of the day (every ten minutes, `@hourly`): that one follows the clock through both
 * passes of the repeated hour, as it does through any other hour.
 *
 * Every next time is strictly after the time asked from, and each of `nextRuns` strictly after the
 * one before (croner alone, asked from the second pass of a repeated hour, answers with the first
 * pass: a time already gone).
 */
import { Cron, CronPattern } from 'croner';
import cronstrue from 'cronstrue';

/** The shortest interval between two firings of a schedule, in minutes. */
export const MIN_INTERVAL_MINUTES = 5;

const NICKNAMES = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];
const FIELDS = 'minute, hour, day of month, month, day of week';

/** A refused expression or time zone: which of the two, and why (written after the field's name). */
export class ScheduleError extends Error {
  constructor(
    readonly field: 'expression' | 'timeZone',
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleError';
  }
}

/**
 * The IANA time zone as the runtime names it (`europe/berlin` → `Europe/Berlin`), or a
 * ScheduleError. An alias the runtime maps to another zone (`EST`) is kept as written.
 */
export function checkTimeZone(timeZone: string): string {
  let resolved: string;
  // A UTC offset (`+01:00`) is a time zone to newer runtimes (Node 24's Intl), not to older ones,
  // and has no daylight saving: schedules take IANA names only, the same on every runtime.
  if (/^[-+\u2212\d]/.test(timeZone)) {
    throw new ScheduleError('timeZone', `unknown time zone "${timeZone}" (use an IANA name such as Europe/Berlin)`);
  }
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    throw new ScheduleError('timeZone', `unknown time zone "${timeZone}" (use an IANA name such as Europe/Berlin)`);
  }
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

/** The expression with single spaces between its fields; a nickname in lower case. */
function normalize(expression: string): string {
  const text = expression.trim().split(/\s+/).join(' ');
  return text.startsWith('@') ? text.toLowerCase() : text;
}

function parse(expression: string, timeZone: string): Cron {
  const text = normalize(expression);
  if (text.startsWith('@')) {
    if (!NICKNAMES.includes(text)) {
      throw new ScheduleError(
        'expression',
        `unknown nickname "${text}": use @hourly, @daily, @weekly, @monthly or @yearly, or five fields (${FIELDS})`,
      );
    }
  } else {
    const count = text.split(' ').length;
    if (count === 6) {
      throw new ScheduleError(
        'expression',
        `has 6 fields: seconds are not supported; use five fields (${FIELDS}), e.g. "0 9 * * 1-5"`,
      );
    }
    if (count === 7) {
      throw new ScheduleError(
        'expression',
        `has 7 fields: seconds and years are not supported; use five fields (${FIELDS}), e.g. "0 9 * * 1-5"`,
      );
    }
    if (count !== 5) {
      throw new ScheduleError('expression', `must have five fields (${FIELDS}), not ${count}, e.g. "0 9 * * 1-5"`);
    }
  }
  try {
    return new Cron(text, { timezone: timeZone, mode: '5-part', paused: true });
  } catch (error) {
    const reason = (error as Error).message.replace(/^CronPattern:\s*/, '');
    throw new ScheduleError('expression', `is not a valid cron expression: ${lowerFirst(reason)}`);
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Refuses a pattern that can fire twice within MIN_INTERVAL_MINUTES: two of its minutes closer
 * than that within an hour, or its last minute of an hour and its first of the next when both
 * hours fire (e.g. `58,0 * * * *`).
 */
function checkInterval(expression: string) {
  const pattern = new CronPattern(normalize(expression), undefined, { mode: '5-part' });
  const minutes = pattern.minute.flatMap((on, minute) => (on ? [minute] : []));
  const hours = pattern.hour.flatMap((on, hour) => (on ? [hour] : []));
  let shortest = Infinity;
  for (let i = 1; i < minutes.length; i++) shortest = Math.min(shortest, minutes[i]! - minutes[i - 1]!);
  const consecutiveHours = hours.some((hour) => pattern.hour[(hour + 1) % 24]);
  if (consecutiveHours && minutes.length > 0) shortest = Math.min(shortest, 60 - minutes.at(-1)! + minutes[0]!);
  if (shortest < MIN_INTERVAL_MINUTES) {
    throw new ScheduleError(
      'expression',
      `fires more often than every ${MIN_INTERVAL_MINUTES} minutes (${shortest === 1 ? 'every minute' : `${shortest} minutes apart`}); the shortest interval allowed is ${MIN_INTERVAL_MINUTES} minutes, e.g. "*/${MIN_INTERVAL_MINUTES} * * * *"`,
    );
  }
}

export type Schedule = {
  /** The expression as stored: trimmed, single spaces. */
  expression: string;
  /** The time zone as stored (see checkTimeZone). */
  timeZone: string;
  /** The next `count` times strictly after `from`. */
  nextRuns(from: Date, count: number): Date[];
  /** The next time strictly after `from` (null: it never fires again). */
  nextRun(from: Date): Date | null;
};

/** A checked schedule, or a ScheduleError naming the refused field. */
export function schedule(expression: string, timeZone: string): Schedule {
  const zone = checkTimeZone(timeZone);
  const cron = parse(expression, zone);
  checkInterval(expression);
  if (cron.nextRun(new Date()) === null) {
    throw new ScheduleError('expression', 'never fires (no such date, e.g. 31 February)');
  }
  const everyHour = new CronPattern(normalize(expression), undefined, { mode: '5-part' }).hour.every(Boolean);
  const nextRun = (from: Date) => strictlyNext(cron, zone, everyHour, from);
  return {
    expression: normalize(expression),
    timeZone: zone,
    nextRuns: (from, count) => {
      const runs: Date[] = [];
      for (let last = from; runs.length < count;) {
        const next = nextRun(last);
        if (!next) break;
        runs.push((last = next));
      }
      return runs;
    },
    nextRun,
  };
}

/** How many of croner's times after a time already gone are tried before giving up (a bound, never reached). */
const MAX_STEPS = 2000;

/**
 * The next time strictly after `from`. croner, asked from the second pass of a repeated hour, answers
 * with a local time of the first (already gone); its next times are then followed until one is after
 * `from`. A schedule firing every hour also fires in the second pass (see secondPass).
 */
function strictlyNext(cron: Cron, zone: string, everyHour: boolean, from: Date): Date | null {
  const next = cron.nextRun(from);
  if (everyHour) {
    const second = secondPass(cron, zone, from, next);
    if (second && (!next || next <= from || second < next)) return second;
  }
  if (!next || next > from) return next;
  let later: Date | null = next;
  for (let step = 0; later && step < MAX_STEPS; step++) {
    later = cron.nextRun(later);
    if (later && later > from) return later;
  }
  return null;
}

/**
 * The schedule's first time after `from` in the second pass of a repeated hour, when the clocks go
 * back between `from` and croner's `next` (or went back shortly before `from`, croner's `next`
 * then being before it); null when there is none. croner's times skip the second pass: its
 * times are those of the first pass, `shift` later.
 */
function secondPass(cron: Cron, zone: string, from: Date, next: Date | null): Date | null {
  if (!next) return null;
  const fromOffset = offsetMs(from, zone);
  const nextOffset = offsetMs(next, zone);
  let change: number; // the first instant of the second pass
  let shift: number;
  if (next <= from && nextOffset > fromOffset) {
    shift = nextOffset - fromOffset;
    change = changeBetween(from.getTime() - shift, from.getTime(), zone);
  } else if (next > from && nextOffset < fromOffset) {
    shift = fromOffset - nextOffset;
    change = changeBetween(from.getTime(), next.getTime(), zone);
  } else {
    return null;
  }
  const first = cron.nextRun(new Date(Math.max(from.getTime() - shift, change - shift - 1)));
  if (!first || first.getTime() < change - shift || first.getTime() >= change) return null;
  const second = new Date(first.getTime() + shift);
  return second > from && offsetMs(second, zone) === offsetMs(first, zone) - shift ? second : null;
}

/**
 * The first instant (whole seconds) with the offset of `after`, between `before` and `after`
 * (whose offsets differ).
 */
function changeBetween(before: number, after: number, zone: string): number {
  const target = offsetMs(new Date(after), zone);
  let low = Math.floor(before / 1000);
  let high = Math.ceil(after / 1000);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetMs(new Date(middle * 1000), zone) === target) high = middle;
    else low = middle;
  }
  return high * 1000;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at `date`, in milliseconds (UTC+1: 3,600,000). */
function offsetMs(date: Date, zone: string): number {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, formatter);
  }
  const part = Object.fromEntries(formatter.formatToParts(date).map(({ type, value }) => [type, Number(value)]));
  const local = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour! % 24, part.minute!, part.second!);
  return local - (date.getTime() - date.getUTCMilliseconds());
}

/**
 * The next time of a stored schedule strictly after `from`; null when it no longer parses or
 * never fires again (the scheduler then leaves the job alone instead of failing on it).
 */
export function nextRunAfter(expression: string, timeZone: string, from: Date): Date | null {
  try {
    return schedule(expression, timeZone).nextRun(from);
  } catch {
    return null;
  }
}

/** "At 09:00, Monday through Friday" (24-hour clock); the expression itself when cronstrue cannot say. */
export function describeSchedule(expression: string): string {
  try {
    return cronstrue.toString(normalize(expression), { use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return normalize(expression);
  }
}
