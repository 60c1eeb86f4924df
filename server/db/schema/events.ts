/** The event log: every change published to live streams, kept for two weeks. */
import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { companies } from './organization.ts';

/**
 * Every change published to live streams, kept for two weeks (server/events/hub.ts): a
 * reconnecting client replays what it missed (`Last-Event-ID`), and Home shows a person the recent
 * activity on their cards. The id is the SSE event id.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /**
     * The event's JSON, kept as text: it is sent on as it is, and read into only for the few rows
     * a page of activity shows (server/modules/activity).
     */
    payload: text().notNull(),
    /**
     * What the change is about and who made it, copied from the payload when it is recorded
     * (`recordEvent`, and the card move's function), so a person's activity (Home) finds the events
     * of their cards without reading payloads. Null when the event is not about a project or card.
     */
    projectId: uuid(),
    cardId: uuid(),
    actorUserId: uuid(),
    /** The agent that made the change, when an agent token did (then `actorUserId` is null). */
    actorAgentId: uuid(),
    /**
     * Who the event is for, when not the whole company: one person (their private chat sessions)
     * or one agent (its event stream). Both null: every member's stream of the company.
     */
    audienceUserId: uuid(),
    audienceAgentId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.id),
    // A card's events newest first: the activity of a person's cards walks this once per card.
    index('events_card_index')
      .on(t.companyId, t.cardId, t.id)
      .where(sql`${t.cardId} is not null`),
    // What an agent did, newest first (its page's activity).
    index('events_actor_agent_index')
      .on(t.actorAgentId, t.id)
      .where(sql`${t.actorAgentId} is not null`),
  ],
);
