/**
 * Reads that live events patch while they are on their way. A read that began before a change
 * can answer without it, and its answer would then replace the change the event already put in
 * the cache. Events count their changes per subject here; a read whose subject changed while it
 * was on its way reads again (a few times at most: a stream of changes cannot keep it going).
 */
const changes = new Map<string, number>();

/** A live event changed `subject` (a board's delegations, a session's messages). */
export function noteLiveChange(subject: string) {
  changes.set(subject, (changes.get(subject) ?? 0) + 1);
}

/** Runs `read` again while live changes of `subject` arrived during it, up to `tries` reads in all. */
export async function readSettled<T>(subject: string, read: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const before = changes.get(subject) ?? 0;
    const result = await read();
    if ((changes.get(subject) ?? 0) === before || attempt >= tries) return result;
  }
}
