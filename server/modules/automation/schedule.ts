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
 * that occurs twice when they go back fires once, at its first occurrence.
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
  return {
    expression: normalize(expression),
    timeZone: zone,
    nextRuns: (from, count) => cron.nextRuns(count, from),
    nextRun: (from) => cron.nextRun(from),
  };
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
