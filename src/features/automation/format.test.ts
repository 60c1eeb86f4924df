import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api';
import { describeSchedule, formatBytes, formatRunTime, prettyPayload, signingExample, timeZoneChoices } from './format';
import { scheduleErrors } from './schedule-form';

const berlin = { locale: 'en-GB', timeZone: 'Europe/Berlin' };
const weekdays = { description: 'At 09:00, Monday through Friday', timeZone: 'Europe/Berlin' };

describe('describeSchedule', () => {
  it('says what a schedule does, where, and when it fires next in the viewer’s locale', () => {
    expect(describeSchedule({ ...weekdays, enabled: true, nextRunAt: '2026-11-30T08:00:00.000Z' }, berlin)).toBe(
      'At 09:00, Monday through Friday (Europe/Berlin) · next: Mon 30 Nov, 09:00',
    );
  });

  it('says "Disabled" instead of a next run for a schedule that is off', () => {
    expect(describeSchedule({ ...weekdays, enabled: false, nextRunAt: null }, berlin)).toBe(
      'At 09:00, Monday through Friday (Europe/Berlin) · Disabled',
    );
  });

  it('names the viewer’s zone when the schedule keeps another one', () => {
    const text = describeSchedule(
      { ...weekdays, enabled: true, nextRunAt: '2026-11-30T08:00:00.000Z' },
      { locale: 'en-GB', timeZone: 'UTC' },
    );
    expect(text).toBe('At 09:00, Monday through Friday (Europe/Berlin) · next: Mon 30 Nov, 08:00 UTC');
  });
});

describe('formatRunTime', () => {
  it('follows the locale', () => {
    expect(formatRunTime('2026-11-30T08:00:00.000Z', 'Europe/Berlin', berlin)).toBe('Mon 30 Nov, 09:00');
    expect(
      formatRunTime('2026-11-30T08:00:00.000Z', 'Europe/Berlin', { locale: 'en-US', timeZone: 'Europe/Berlin' }),
    ).toBe('Mon, Nov 30, 09:00 AM');
  });

  it('needs no zone label for another name of the same zone', () => {
    expect(formatRunTime('2026-11-30T08:00:00.000Z', 'Etc/UTC', { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      'Mon 30 Nov, 08:00',
    );
  });
});

describe('timeZoneChoices', () => {
  it('lists the IANA zones sorted, always with UTC and the current one', () => {
    const zones = timeZoneChoices('Mars/Olympus_Mons');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('Mars/Olympus_Mons');
    expect(zones).toEqual([...zones].sort((a, b) => a.localeCompare(b)));
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe('formatBytes', () => {
  it('reads sizes in B, KB and MB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(312)).toBe('312 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(256 * 1024)).toBe('256 KB');
    expect(formatBytes(2 * 1024 * 1024)).toBe('2 MB');
  });
});

describe('prettyPayload', () => {
  it('indents JSON and keeps markup as text', () => {
    expect(prettyPayload({ a: 1, b: ['<script>x</script>'] })).toBe(
      '{\n  "a": 1,\n  "b": [\n    "<script>x</script>"\n  ]\n}',
    );
    expect(prettyPayload(null)).toBe('null');
    expect(prettyPayload(undefined)).toBe('(no payload)');
  });
});

describe('signingExample', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 and sends both headers to the URL', () => {
    const text = signingExample('https://work.example/api/hooks/abc');
    expect(text).toContain(`printf '%s.%s' "$TS" "$BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET"`);
    expect(text).toContain('-H "Webhook-Timestamp: $TS"');
    expect(text).toContain('-H "Webhook-Signature: v1=$SIG"');
    expect(text).toContain("curl -X POST 'https://work.example/api/hooks/abc'");
  });
});

describe('scheduleErrors', () => {
  it('puts a 400’s issues beside their fields', () => {
    const error = new ApiError(400, 'Invalid body: expression: has 6 fields; name: Too long', 'VALIDATION_ERROR', [
      { location: 'body', path: 'expression', message: 'has 6 fields: seconds are not supported' },
      { location: 'body', path: 'name', message: 'Too long' },
    ]);
    expect(scheduleErrors(error)).toEqual({
      expression: 'expression: has 6 fields: seconds are not supported',
      name: 'Too long',
      form: 'Some fields need a change: see below.',
    });
  });

  it('places a message naming its field, and anything else above the form', () => {
    expect(scheduleErrors(new ApiError(400, 'timeZone: Unknown time zone “Mars/Base”'))).toEqual({
      timeZone: 'timeZone: Unknown time zone “Mars/Base”',
      form: 'Some fields need a change: see below.',
    });
    expect(scheduleErrors(new ApiError(403, 'Only admins and the responsible person may do this'))).toEqual({
      form: 'Only admins and the responsible person may do this',
    });
    expect(scheduleErrors(null)).toEqual({});
  });
});
