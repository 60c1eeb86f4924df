import { describe, expect, it } from 'vitest';
import { checkTimeZone, describeSchedule, nextRunAfter, schedule, ScheduleError } from './schedule.ts';

const refusal = (expression: string, timeZone = 'UTC') => {
  try {
    schedule(expression, timeZone);
  } catch (error) {
    expect(error).toBeInstanceOf(ScheduleError);
    return `${(error as ScheduleError).field}: ${(error as ScheduleError).message}`;
  }
  throw new Error(`"${expression}" in ${timeZone} was accepted`);
};

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('schedule expressions', () => {
  it('accepts five fields and the nicknames, normalizing spaces and case', () => {
    expect(schedule('  0   9 * *   1-5 ', 'UTC').expression).toBe('0 9 * * 1-5');
    expect(schedule('@DAILY', 'UTC').expression).toBe('@daily');
    for (const nickname of ['@hourly', '@daily', '@midnight', '@weekly', '@monthly', '@yearly', '@annually']) {
      expect(() => schedule(nickname, 'UTC')).not.toThrow();
    }
    expect(iso(schedule('@weekly', 'UTC').nextRuns(new Date('2026-03-25T12:00:00Z'), 2))).toEqual([
      '2026-03-29T00:00:00.000Z',
      '2026-04-05T00:00:00.000Z',
    ]);
  });

  it('refuses seconds (6 fields), seconds and years (7), other counts and unknown nicknames, naming the field', () => {
    expect(refusal('0 0 9 * * *')).toMatch(/^expression: has 6 fields: seconds are not supported; use five fields/);
    expect(refusal('0 0 9 * * * 2027')).toMatch(/^expression: has 7 fields: seconds and years are not supported/);
    expect(refusal('0 9 * *')).toMatch(/^expression: must have five fields \(minute, hour, .*\), not 4/);
    expect(refusal('@reboot')).toMatch(/^expression: unknown nickname "@reboot": use @hourly, @daily/);
  });

  it('refuses out-of-range values and schedules that never fire', () => {
    expect(refusal('61 * * * *')).toBe('expression: is not a valid cron expression: invalid value for minute: 61');
    expect(refusal('0 9 * * 8')).toMatch(/^expression: is not a valid cron expression: invalid value for dayOfWeek/);
    expect(refusal('0 9 31 2 *')).toBe('expression: never fires (no such date, e.g. 31 February)');
  });

  it('refuses schedules firing more often than every 5 minutes, within an hour or across hours', () => {
    expect(refusal('* * * * *')).toMatch(/^expression: fires more often than every 5 minutes \(every minute\)/);
    expect(refusal('*/2 * * * *')).toMatch(/\(2 minutes apart\)/);
    expect(refusal('0,3 9 * * *')).toMatch(/\(3 minutes apart\)/);
    // 09:58 and 10:00: two minutes apart across the hour.
    expect(refusal('0,58 9-10 * * *')).toMatch(/\(2 minutes apart\)/);
    expect(() => schedule('*/5 * * * *', 'UTC')).not.toThrow();
    expect(() => schedule('0,58 9 * * *', 'UTC')).not.toThrow(); // 09:00 and 09:58 only
    expect(() => schedule('58,0 9,11 * * *', 'UTC')).not.toThrow(); // hours apart
  });

  it('checks the time zone by its IANA name', () => {
    expect(refusal('0 9 * * *', 'Mars/Base')).toBe(
      'timeZone: unknown time zone "Mars/Base" (use an IANA name such as Europe/Berlin)',
    );
    expect(refusal('0 9 * * *', '+01:00')).toMatch(/^timeZone: unknown time zone "\+01:00"/);
    expect(checkTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(checkTimeZone('UTC')).toBe('UTC');
  });
});

describe('next runs', () => {
  it('are strictly after the given time, in the time zone', () => {
    const weekdays = schedule('0 9 * * 1-5', 'America/New_York');
    // Friday 09:00 in New York (EST, UTC-5) exactly: the next is Monday's.
    expect(iso(weekdays.nextRuns(new Date('2026-01-09T14:00:00Z'), 2))).toEqual([
      '2026-01-12T14:00:00.000Z',
      '2026-01-13T14:00:00.000Z',
    ]);
    expect(nextRunAfter('0 9 * * *', 'UTC', new Date('2026-01-01T09:00:00Z'))?.toISOString()).toBe(
      '2026-01-02T09:00:00.000Z',
    );
    expect(nextRunAfter('0 9 31 2 *', 'UTC', new Date())).toBeNull();
  });

  it('follow daylight saving in March: 02:30 Berlin does not exist on the 29th and fires at 03:30 CEST', () => {
    const runs = schedule('30 2 * * *', 'Europe/Berlin').nextRuns(new Date('2026-03-27T12:00:00Z'), 4);
    expect(iso(runs)).toEqual([
      '2026-03-28T01:30:00.000Z', // 02:30 CET (UTC+1)
      '2026-03-29T01:30:00.000Z', // 03:30 CEST: the clocks jumped from 02:00 to 03:00
      '2026-03-30T00:30:00.000Z', // 02:30 CEST (UTC+2)
      '2026-03-31T00:30:00.000Z',
    ]);
  });

  it('follow daylight saving in October: 09:00 on weekdays stays 09:00 local across the change', () => {
    const runs = schedule('0 9 * * 1-5', 'Europe/Berlin').nextRuns(new Date('2026-10-22T12:00:00Z'), 3);
    expect(iso(runs)).toEqual([
      '2026-10-23T07:00:00.000Z', // Friday, CEST (UTC+2)
      '2026-10-26T08:00:00.000Z', // Monday after the change (Sunday 25th), CET (UTC+1)
      '2026-10-27T08:00:00.000Z',
    ]);
    // 02:30 happens twice on the 25th: it fires once, at the first.
    expect(iso(schedule('30 2 * * *', 'Europe/Berlin').nextRuns(new Date('2026-10-24T12:00:00Z'), 2))).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });
});

describe('descriptions', () => {
  it('are human-readable on a 24-hour clock', () => {
    expect(describeSchedule('0 9 * * 1-5')).toBe('At 09:00, Monday through Friday');
    expect(describeSchedule('30 14 1 * *')).toBe('At 14:30, on day 1 of the month');
    expect(describeSchedule('*/15 * * * *')).toBe('Every 15 minutes');
    expect(describeSchedule('@daily')).toBe('At 00:00');
  });
});
