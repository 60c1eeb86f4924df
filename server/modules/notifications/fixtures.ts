/**
 * Test fixtures: notifications created through the one writer (`notify`) in a transaction of
 * their own, as a cause would, without going through any cause's API.
 */
import type { users } from '../../db/schema.ts';
import type { Actor, EventActor } from '../../events/record.ts';
import type { AppContext } from '../../types.ts';
import { type NotificationDraft, notify } from './notify.ts';
import type { Notification } from './schemas.ts';

type UserRow = typeof users.$inferSelect;

/** A person of `company` acting with a sign-in session, as a request of theirs would. */
export function personActor(user: UserRow, company: { id: string; name: string }): Actor {
  return {
    principal: {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        title: user.title,
        version: user.version,
        companyId: company.id,
        role: user.role,
        createdAt: user.createdAt,
      },
      company: { id: company.id, name: company.name },
      credential: { kind: 'session', sessionId: crypto.randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) },
    },
  };
}

/** A draft for `userId`: a card assignment about a new card unless told otherwise. */
export function draftFor(userId: string, overrides: Partial<NotificationDraft> = {}): NotificationDraft {
  const cardId = crypto.randomUUID();
  return {
    type: 'card_assigned',
    userId,
    thing: { kind: 'card', id: cardId, title: 'A card' },
    snippet: 'A card',
    link: { projectId: crypto.randomUUID(), cardId },
    ...overrides,
  };
}

/** Creates the drafts' notifications as `actor`, in one transaction. */
export function notifyNow(ctx: AppContext, actor: EventActor, drafts: NotificationDraft[]): Promise<Notification[]> {
  return ctx.db.transaction((tx) => notify(tx, actor, drafts));
}
