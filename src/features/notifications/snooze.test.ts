import { describe, expect, it } from 'vitest';
import { snoozeChoices } from './snooze';

describe('snooze choices', () => {
  it('an hour from now, tomorrow at 9:00, and next Monday at 9:00 (local time)', () => {
    // A Wednesday afternoon.
    const now = new Date(2026, 10, 25, 15, 30);
    const [hour, tomorrow, week] = snoozeChoices(now).map((choice) => choice.until);
    expect(hour).toEqual(new Date(2026, 10, 25, 16, 30));
    expect(tomorrow).toEqual(new Date(2026, 10, 26, 9, 0));
    expect(week).toEqual(new Date(2026, 10, 30, 9, 0));
    expect(week!.getDay()).toBe(1);
  });

  it('on a Monday, next week is the Monday after, and month ends roll over', () => {
    const monday = new Date(2026, 10, 30, 8, 0);
    expect(snoozeChoices(monday)[2]!.until).toEqual(new Date(2026, 11, 7, 9, 0));
    expect(snoozeChoices(monday)[1]!.until).toEqual(new Date(2026, 11, 1, 9, 0));
    const sunday = new Date(2026, 11, 6, 23, 0);
    expect(snoozeChoices(sunday)[2]!.until).toEqual(new Date(2026, 11, 7, 9, 0));
  });

  it('says when in its labels', () => {
    const labels = snoozeChoices(new Date(2026, 10, 25, 15, 30)).map((choice) => choice.label);
    expect(labels[0]).toMatch(/^For 1 hour \(until .+\)$/);
    expect(labels[1]).toMatch(/^Tomorrow, /);
    expect(labels[2]).toMatch(/^Next week \(Monday, .+\)$/);
  });
});
