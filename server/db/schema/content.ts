/**
 * The company's public site (issue 18): content items, the keys the site reads them with, and
 * newsletter signups.
 */
import { sql } from 'drizzle-orm';
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, fieldVersions, version } from './columns.ts';
import { companies, users } from './organization.ts';

/** What a content item is on the company's public site (issue 18). */
export const contentKind = pgEnum('content_kind', ['article', 'changelog', 'help']);
export const contentStatus = pgEnum('content_status', ['draft', 'published']);

/**
 * An item of the company's public site: an article, a changelog entry or a help page. Written by
 * admins in the app; read by the site through `/content/*` with a content key once published.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: contentKind().notNull(),
    title: text().notNull(),
    /** Unique in the company; the site's URL of the item. Lowercase letters, digits and dashes. */
    slug: text().notNull(),
    /** Markdown. */
    body: text().notNull().default(''),
    excerpt: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: contentStatus().notNull().default('draft'),
    /** Set when first published; kept when unpublished and published again (the date readers saw). */
    publishedAt: timestamp({ withTimezone: true }),
    /** The person who created it; null once they left. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_items_company_slug').on(t.companyId, t.slug),
    index('content_items_published_index')
      .on(t.companyId, t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index('content_items_company_updated_index').on(t.companyId, t.updatedAt),
  ],
);

/** A key a company's public site reads published content with (`cak_…`); only its hash is kept. */
export const contentKeys = pgTable(
  'content_keys',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text().notNull(),
    prefix: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.secretHash), index().on(t.companyId)],
);

export const newsletterStatus = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed']);

/** A newsletter signup of the company's public site, confirmed by a link in an email (double opt-in). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lowercase). */
    email: text().notNull(),
    status: newsletterStatus().notNull().default('pending'),
    /**
     * SHA-256 of the latest confirmation token: kept once confirmed (opening the link again answers
     * the same), cleared on unsubscribe.
     */
    confirmTokenHash: text(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    /** When the last confirmation email was asked for (resending is throttled per address). */
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_company_email').on(t.companyId, t.email),
    uniqueIndex('newsletter_subscribers_confirm_token').on(t.confirmTokenHash),
    index('newsletter_subscribers_company_created_index').on(t.companyId, t.createdAt),
  ],
);
