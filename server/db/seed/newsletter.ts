/**
 * The demo company's newsletter list (server/modules/newsletter): six addresses in the three
 * states — three confirmed (one of them after signing up twice), two pending (one asked today, one
 * whose link has expired), one that unsubscribed — over the last weeks. Addresses are at the
 * reserved example domains, so nothing could ever be mailed to a real person; no confirmation
 * token anyone knows is stored (pending rows hold the hash of a random one). Rows are inserted
 * directly (the seeds sit below the modules). Once: a company with subscribers is left alone.
 */
import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { newsletterSubscribers } from '../schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long a confirmation link is valid (as the module's `CONFIRM_DAYS`). */
const CONFIRM_MS = 7 * DAY;

type SeedSubscriber = {
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  /** First signup, days ago. */
  signedUpDaysAgo: number;
  /** The last confirmation email, days ago (defaults to the signup). */
  requestedDaysAgo?: number;
  confirmedDaysAgo?: number;
  unsubscribedDaysAgo?: number;
};

export const DEMO_SUBSCRIBERS: SeedSubscriber[] = [
  { email: 'lena.fischer@example.com', status: 'confirmed', signedUpDaysAgo: 41, confirmedDaysAgo: 41 },
  { email: 'ops@brewbots.example.net', status: 'confirmed', signedUpDaysAgo: 33, confirmedDaysAgo: 32 },
  {
    email: 'tomas.okafor@example.org',
    status: 'confirmed',
    signedUpDaysAgo: 26,
    requestedDaysAgo: 24,
    confirmedDaysAgo: 24,
  },
  {
    email: 'j.moreau@example.com',
    status: 'unsubscribed',
    signedUpDaysAgo: 38,
    confirmedDaysAgo: 38,
    unsubscribedDaysAgo: 9,
  },
  { email: 'priya.n@example.org', status: 'pending', signedUpDaysAgo: 12 },
  { email: 'warehouse-lead@example.net', status: 'pending', signedUpDaysAgo: 0.2 },
];

const ago = (days: number, now: number) => new Date(now - days * DAY);

/** Seeds the demo newsletter list of `companyId` once (see above); returns whether it did. */
export async function seedDemoNewsletter(tx: Executor, companyId: string, now = Date.now()): Promise<boolean> {
  const [existing] = await tx
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.companyId, companyId))
    .limit(1);
  if (existing) return false;
  await tx.insert(newsletterSubscribers).values(
    DEMO_SUBSCRIBERS.map((subscriber) => {
      const createdAt = ago(subscriber.signedUpDaysAgo, now);
      const requestedAt = ago(subscriber.requestedDaysAgo ?? subscriber.signedUpDaysAgo, now);
      const pending = subscriber.status === 'pending';
      const changedDaysAgo = Math.min(
        subscriber.requestedDaysAgo ?? subscriber.signedUpDaysAgo,
        subscriber.confirmedDaysAgo ?? Infinity,
        subscriber.unsubscribedDaysAgo ?? Infinity,
      );
      return {
        companyId,
        email: subscriber.email,
        status: subscriber.status,
        confirmTokenHash: pending
          ? createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex')
          : null,
        confirmExpiresAt: pending ? new Date(requestedAt.getTime() + CONFIRM_MS) : null,
        requestedAt,
        confirmedAt: subscriber.confirmedDaysAgo === undefined ? null : ago(subscriber.confirmedDaysAgo, now),
        unsubscribedAt: subscriber.unsubscribedDaysAgo === undefined ? null : ago(subscriber.unsubscribedDaysAgo, now),
        createdAt,
        updatedAt: ago(changedDaysAgo, now),
      };
    }),
  );
  return true;
}
