/** One way to snooze: what the menu says, and until when (local time). */
export type SnoozeChoice = { label: string; until: Date };

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'long' });
const time = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });

/** 9:00 local time, `days` days after `now`'s day. */
function morningAfter(now: Date, days: number): Date {
  const day = new Date(now);
  day.setDate(day.getDate() + days);
  day.setHours(9, 0, 0, 0);
  return day;
}

/**
 * The snooze menu: an hour from now, tomorrow at 9:00, and next week (Monday at 9:00, a week
 * ahead when today is Monday), all in the person's own time zone.
 */
export function snoozeChoices(now: Date): SnoozeChoice[] {
  const inAnHour = new Date(now.getTime() + 3_600_000);
  const tomorrow = morningAfter(now, 1);
  // getDay: 0 is Sunday, 1 Monday.
  const daysToMonday = (8 - now.getDay()) % 7 || 7;
  const nextWeek = morningAfter(now, daysToMonday);
  return [
    { label: `For 1 hour (until ${time.format(inAnHour)})`, until: inAnHour },
    { label: `Tomorrow, ${time.format(tomorrow)}`, until: tomorrow },
    { label: `Next week (${weekday.format(nextWeek)}, ${time.format(nextWeek)})`, until: nextWeek },
  ];
}
