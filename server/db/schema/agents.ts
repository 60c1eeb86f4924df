/**
 * What agents work with: their tokens, their sessions (with a person, or on a delegated card), the
 * messages of a session and people's feedback on them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  index,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, searchIndex, searchKey, updatedAt } from './columns.ts';
import { agents, companies, users } from './organization.ts';
import { cards, projects } from './boards.ts';

/** A token an agent acts with (`agt_…`); only its hash is kept. */
export const agentTokens = pgTable(
  'agent_tokens',
  {
    id: id(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text().notNull(),
    prefix: text().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.secretHash), index().on(t.agentId)],
);

export const agentSessionStatus = pgEnum('agent_session_status', ['open', 'working', 'stopped', 'completed', 'failed']);

/**
 * A conversation between a person and an agent, or the agent's work on a card delegated to it
 * (`cardId` set; `userId` is then the accountable person who delegated it).
 */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    status: agentSessionStatus().notNull().default('working'),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    cardId: uuid().references(() => cards.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchKey: searchKey((): AnyPgColumn => agentSessions.title),
  },
  (t) => [
    index().on(t.userId, t.lastMessageAt),
    index().on(t.agentId, t.lastMessageAt),
    index('agent_sessions_card_index')
      .on(t.cardId, t.createdAt)
      .where(sql`${t.cardId} is not null`),
    searchIndex('agent_sessions_search_index', t.searchKey),
  ],
);

export const agentMessageRole = pgEnum('agent_message_role', ['user', 'agent', 'system']);
export const agentMessageStatus = pgEnum('agent_message_status', ['streaming', 'complete', 'stopped', 'error']);

/** One activity item of an agent reply: a thought, an action (a tool and its arguments) or an error. */
export type AgentActivityItem = {
  id: string;
  type: 'thought' | 'action' | 'error';
  text: string;
  tool?: string;
  arguments?: Record<string, unknown>;
  at: string;
};

export const agentMessages = pgTable(
  'agent_messages',
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => agentSessions.id, { onDelete: 'cascade' }),
    role: agentMessageRole().notNull(),
    /** The person who wrote a `user` message. */
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull().default(''),
    status: agentMessageStatus().notNull().default('complete'),
    activity: jsonb().$type<AgentActivityItem[]>().notNull().default([]),
    /** Orders messages within a session (ids are random, timestamps may tie). */
    seq: bigserial({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.sessionId, t.seq)],
);

export const agentFeedbackRating = pgEnum('agent_feedback_rating', ['up', 'down']);

/** A person's thumbs up or down on an agent reply: one per person per reply. */
export const agentMessageFeedback = pgTable(
  'agent_message_feedback',
  {
    messageId: uuid()
      .notNull()
      .references(() => agentMessages.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    rating: agentFeedbackRating().notNull(),
    comment: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index().on(t.agentId, t.updatedAt)],
);
