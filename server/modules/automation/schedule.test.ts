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
    expect(refusal('0 9 * * *', '-0500')).toMatch(/^timeZone: unknown time zone "-0500"/);
    expect(refusal('0 9 * * *', '01:00')).toMatch(/^timeZone: unknown time zone "01:00"/);
    expect(checkTimeZone('Etc/GMT+1')).toBe('Etc/GMT+1');
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

describe('next runs in the repeated hour (the clocks go back)', () => {
  // Berlin, 2026-10-25: at 01:00Z the clocks go back from 03:00 CEST (UTC+2) to 02:00 CET (UTC+1), so
  // 02:00–02:59 local happen twice: 00:00Z–00:59Z, then 01:00Z–01:59Z.
  // New York, 2026-11-01: at 06:00Z from 02:00 EDT (UTC-4) to 01:00 EST (UTC-5): 01:00–01:59 local are
  // 05:00Z–05:59Z, then 06:00Z–06:59Z.
  const at = (text: string) => new Date(text);

  it('are after `from` when `from` falls in the second pass', () => {
    // 01:10:05Z is 02:10 CET, the second time: every ten minutes goes on at 02:20 CET, not 02:20 CEST (00:20Z).
    expect(nextRunAfter('*/10 * * * *', 'Europe/Berlin', at('2026-10-25T01:10:05Z'))?.toISOString()).toBe(
      '2026-10-25T01:20:00.000Z',
    );
    // 02:30 fired the first time (00:30Z, CEST): it does not fire again at 02:30 CET; the next is the 26th's.
    expect(nextRunAfter('30 2 * * *', 'Europe/Berlin', at('2026-10-25T01:10:05Z'))?.toISOString()).toBe(
      '2026-10-26T01:30:00.000Z',
    );
    for (const from of [
      '2026-10-25T00:30:00Z',
      '2026-10-25T01:00:00Z',
      '2026-10-25T01:30:00Z',
      '2026-10-25T01:59:59Z',
    ]) {
      expect(nextRunAfter('30 2 * * *', 'Europe/Berlin', at(from))?.toISOString(), from).toBe(
        '2026-10-26T01:30:00.000Z',
      );
    }
    // The preview from 01:10 EST, the second time.
    expect(iso(schedule('*/15 * * * *', 'America/New_York').nextRuns(at('2026-11-01T06:10:00Z'), 5))).toEqual([
      '2026-11-01T06:15:00.000Z', // 01:15 EST
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T06:45:00.000Z',
      '2026-11-01T07:00:00.000Z', // 02:00 EST
      '2026-11-01T07:15:00.000Z',
    ]);
  });

  it('follow the clock through both passes for a schedule firing every hour, once for one at set hours', () => {
    expect(iso(schedule('*/10 * * * *', 'Europe/Berlin').nextRuns(at('2026-10-25T00:45:00Z'), 9))).toEqual([
      '2026-10-25T00:50:00.000Z', // 02:50 CEST
      '2026-10-25T01:00:00.000Z', // 02:00 CET
      '2026-10-25T01:10:00.000Z',
      '2026-10-25T01:20:00.000Z',
      '2026-10-25T01:30:00.000Z',
      '2026-10-25T01:40:00.000Z',
      '2026-10-25T01:50:00.000Z',
      '2026-10-25T02:00:00.000Z', // 03:00 CET
      '2026-10-25T02:10:00.000Z',
    ]);
    expect(iso(schedule('@hourly', 'America/New_York').nextRuns(at('2026-11-01T04:30:00Z'), 4))).toEqual([
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T07:00:00.000Z', // 02:00 EST
      '2026-11-01T08:00:00.000Z',
    ]);
    expect(iso(schedule('*/10 2 * * *', 'Europe/Berlin').nextRuns(at('2026-10-25T00:35:00Z'), 3))).toEqual([
      '2026-10-25T00:40:00.000Z',
      '2026-10-25T00:50:00.000Z',
      '2026-10-26T01:00:00.000Z', // 02:00 CET the next day: 02:00–02:50 fired the first time only
    ]);
  });

  it('are strictly increasing and after `from`, from every minute around both changes', () => {
    const expressions = ['*/10 * * * *', '*/15 * * * *', '30 2 * * *', '0 1 * * *', '@hourly', '*/5 1-3 * * *'];
    const days = [
      ['Europe/Berlin', '2026-10-24T22:00:00Z'],
      ['Europe/Berlin', '2026-03-28T23:00:00Z'],
      ['America/New_York', '2026-11-01T03:00:00Z'],
      ['America/New_York', '2026-03-08T05:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T13:00:00Z'], // back by half an hour
    ] as const;
    for (const [zone, start] of days) {
      for (const expression of expressions) {
        const checked = schedule(expression, zone);
        for (let minute = 0; minute < 6 * 60; minute += 13) {
          const from = new Date(at(start).getTime() + minute * 60_000 + 5_000);
          const runs = checked.nextRuns(from, 3);
          expect(runs, `${expression} ${zone} ${from.toISOString()}`).toHaveLength(3);
          let previous = from;
          for (const run of runs) {
            expect(run.getTime(), `${expression} ${zone} ${from.toISOString()}`).toBeGreaterThan(previous.getTime());
            previous = run;
          }
          expect(checked.nextRun(from)?.toISOString()).toBe(runs[0]!.toISOString());
        }
      }
    }
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
