/**
 * The company's public-site content (articles, changelog entries, help pages): written by admins
 * in the app, read by every member there, and served once published through the content API
 * (`/content/*`) to whoever holds one of the company's content keys.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { companies, contentItems, contentKeys, users } from '../../db/schema.ts';
import { changedFields, checkEdit } from '../../http/edit-check.ts';
import { conflict, notFound } from '../../http/errors.ts';
import type { Actor } from '../../events/record.ts';
import { fold, likeLiteral } from '../../lib/fold.ts';
import { generateContentKeySecret, hashSecret, secretPrefix } from '../../lib/secrets.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import {
  type ContentItem,
  type ContentItemSummary,
  type ContentKey,
  type CreateContentItem,
  type ListContentItemsFilter,
  type ListPublishedContentFilter,
  MAX_LIVE_CONTENT_KEYS,
  MAX_SLUG,
  type PublishedContent,
  type PublishedContentSummary,
  type UpdateContentItem,
} from './schemas.ts';

type ItemRow = typeof contentItems.$inferSelect;
type KeyRow = typeof contentKeys.$inferSelect;

const ITEM_NOT_FOUND = 'Content item not found';

/** The columns of an item without its body, and its author's name. */
const summaryColumns = {
  id: contentItems.id,
  version: contentItems.version,
  kind: contentItems.kind,
  title: contentItems.title,
  slug: contentItems.slug,
  excerpt: contentItems.excerpt,
  tags: contentItems.tags,
  status: contentItems.status,
  publishedAt: contentItems.publishedAt,
  authorId: contentItems.authorId,
  authorName: users.name,
  createdAt: contentItems.createdAt,
  updatedAt: contentItems.updatedAt,
};

type SummaryRow = Omit<ItemRow, 'body' | 'companyId' | 'fieldVersions'> & { authorName: string | null };

function presentSummary(row: SummaryRow): ContentItemSummary {
  return {
    id: row.id,
    version: row.version,
    kind: row.kind,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    tags: row.tags,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    authorId: row.authorId,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const presentItem = (row: SummaryRow & { body: string }): ContentItem => ({ ...presentSummary(row), body: row.body });

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const slugTaken = (slug: string) => conflict(`The slug "${slug}" is taken by another item of the company`);

/** "Getting started: Acme Boards!" → "getting-started-acme-boards"; "item" when nothing is left. */
export function slugify(title: string): string {
  const slug = fold(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
  return slug || 'item';
}

/** `base` with the suffix `-n`, cut so the whole stays within the slug's bound. */
function withSuffix(base: string, n: number | string): string {
  if (n === 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** The first of `base`, `base-2`, `base-3`… that no item of the company uses. */
async function freeSlug(db: Executor, companyId: string, base: string): Promise<string> {
  const stem = base.slice(0, MAX_SLUG - 4).replace(/-+$/, '');
  const taken = new Set(
    (
      await db
        .select({ slug: contentItems.slug })
        .from(contentItems)
        .where(
          and(
            eq(contentItems.companyId, companyId),
            sql`(${contentItems.slug} = ${base} or ${contentItems.slug} like ${`${likeLiteral(stem)}%`} escape '\\')`,
          ),
        )
    ).map((row) => row.slug),
  );
  for (let n = 1; ; n++) {
    const slug = withSuffix(base, n);
    if (!taken.has(slug)) return slug;
  }
}

async function selectItem(db: Executor, companyId: string, itemId: string) {
  const [row] = await db
    .select({ ...summaryColumns, body: contentItems.body })
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(and(eq(contentItems.id, itemId), eq(contentItems.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

export async function listContentItems(
  ctx: AppContext,
  principal: Principal,
  filter: ListContentItemsFilter,
): Promise<ContentItemSummary[]> {
  const company = requireCompany(principal);
  const conditions: (SQL | undefined)[] = [eq(contentItems.companyId, company.id)];
  if (filter.kind) conditions.push(eq(contentItems.kind, filter.kind));
  if (filter.status) conditions.push(eq(contentItems.status, filter.status));
  if (filter.tag) conditions.push(sql`${filter.tag} = any(${contentItems.tags})`);
  if (filter.q) {
    conditions.push(sql`workspace_fold(${contentItems.title}) like ${`%${likeLiteral(fold(filter.q))}%`} escape '\\'`);
  }
  const rows = await ctx.db
    .select(summaryColumns)
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(and(...conditions))
    .orderBy(desc(contentItems.updatedAt), desc(contentItems.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return rows.map(presentSummary);
}

export async function getContentItem(ctx: AppContext, principal: Principal, itemId: string): Promise<ContentItem> {
  const company = requireCompany(principal);
  return presentItem(await selectItem(ctx.db, company.id, itemId));
}

export async function createContentItem(
  ctx: AppContext,
  principal: Principal,
  input: CreateContentItem,
): Promise<ContentItem> {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  const values = {
    companyId: company.id,
    kind: input.kind,
    title: input.title,
    body: input.body ?? '',
    excerpt: input.excerpt ?? '',
    tags: input.tags ?? [],
    authorId: principal.user.id,
  };
  const base = input.slug ?? slugify(input.title);
  // A generated slug that another request took meanwhile gets the next suffix, and after a few
  // such races (many items of one title created at once) a random one; a given slug is 409.
  for (let attempt = 0; ; attempt++) {
    const slug =
      input.slug ??
      (attempt < 3 ? await freeSlug(ctx.db, company.id, base) : withSuffix(base, randomBytes(3).toString('hex')));
    const [row] = await ctx.db
      .insert(contentItems)
      .values({ ...values, slug })
      .onConflictDoNothing()
      .returning({ id: contentItems.id });
    if (row) return presentItem(await selectItem(ctx.db, company.id, row.id));
    if (input.slug || attempt >= 8) throw slugTaken(slug);
  }
}

export async function updateContentItem(
  ctx: AppContext,
  actor: Actor,
  itemId: string,
  input: UpdateContentItem,
): Promise<ContentItem> {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  const changes: Partial<typeof contentItems.$inferInsert> = {};
  for (const field of ['kind', 'title', 'slug', 'body', 'excerpt', 'tags'] as const) {
    if (input[field] !== undefined) Object.assign(changes, { [field]: input[field] });
  }
  if (Object.keys(changes).length === 0) return getContentItem(ctx, principal, itemId);
  try {
    await ctx.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(contentItems)
        .where(and(eq(contentItems.id, itemId), eq(contentItems.companyId, company.id)))
        .for('update');
      if (!current) throw notFound(ITEM_NOT_FOUND);
      const changed = changedFields(current, input, ['kind', 'title', 'slug', 'body', 'excerpt', 'tags']);
      const versions = await checkEdit(
        current,
        changed,
        input.baseVersion,
        actor,
        'content item',
        async () => presentItem(await selectItem(tx, company.id, itemId)),
        { body: 'text', slug: 'address' },
      );
      await tx
        .update(contentItems)
        .set({ ...changes, ...versions, updatedAt: new Date() })
        .where(eq(contentItems.id, itemId));
    });
  } catch (error) {
    if (input.slug && isUniqueViolation(error)) throw slugTaken(input.slug);
    throw error;
  }
  return presentItem(await selectItem(ctx.db, company.id, itemId));
}

async function setStatus(ctx: AppContext, principal: Principal, itemId: string, status: ItemRow['status']) {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  const [row] = await ctx.db
    .update(contentItems)
    .set({
      status,
      // First publication dates the item; later ones keep that date.
      ...(status === 'published' ? { publishedAt: sql`coalesce(${contentItems.publishedAt}, now())` } : {}),
      updatedAt: sql`case when ${contentItems.status} = ${status} then ${contentItems.updatedAt} else now() end`,
    })
    .where(and(eq(contentItems.id, itemId), eq(contentItems.companyId, company.id)))
    .returning({ id: contentItems.id });
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return presentItem(await selectItem(ctx.db, company.id, itemId));
}

export const publishContentItem = (ctx: AppContext, principal: Principal, itemId: string) =>
  setStatus(ctx, principal, itemId, 'published');

export const unpublishContentItem = (ctx: AppContext, principal: Principal, itemId: string) =>
  setStatus(ctx, principal, itemId, 'draft');

export async function deleteContentItem(ctx: AppContext, principal: Principal, itemId: string): Promise<void> {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  const [row] = await ctx.db
    .delete(contentItems)
    .where(and(eq(contentItems.id, itemId), eq(contentItems.companyId, company.id)))
    .returning({ id: contentItems.id });
  if (!row) throw notFound(ITEM_NOT_FOUND);
}

// ---------------------------------------------------------------------------------------------
// Content keys

function presentKey(row: KeyRow & { createdByName: string | null }): ContentKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    createdByName: row.createdByName,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

async function selectKeys(db: Executor, companyId: string, keyId?: string) {
  const rows = await db
    .select({ key: contentKeys, createdByName: users.name })
    .from(contentKeys)
    .leftJoin(users, eq(users.id, contentKeys.createdBy))
    .where(and(eq(contentKeys.companyId, companyId), keyId ? eq(contentKeys.id, keyId) : undefined))
    .orderBy(desc(contentKeys.createdAt), desc(contentKeys.id));
  return rows.map(({ key, createdByName }) => presentKey({ ...key, createdByName }));
}

export async function listContentKeys(ctx: AppContext, principal: Principal): Promise<ContentKey[]> {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  return selectKeys(ctx.db, company.id);
}

/** Creates a content key; returns it with its secret, which is not stored (only its hash). */
export async function createContentKey(ctx: AppContext, principal: Principal, input: { name: string }) {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  const secret = generateContentKeySecret();
  const id = await ctx.db.transaction(async (tx) => {
    // The company's row lock makes the count and the insert one step: parallel creations queue up.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, company.id)).for('update');
    const [live] = await tx
      .select({ n: count() })
      .from(contentKeys)
      .where(and(eq(contentKeys.companyId, company.id), isNull(contentKeys.revokedAt)));
    if ((live?.n ?? 0) >= MAX_LIVE_CONTENT_KEYS) {
      throw conflict(`A company may have at most ${MAX_LIVE_CONTENT_KEYS} live content keys; revoke one first`);
    }
    const [row] = await tx
      .insert(contentKeys)
      .values({
        companyId: company.id,
        name: input.name,
        secretHash: hashSecret(secret),
        prefix: secretPrefix(secret),
        createdBy: principal.user.id,
      })
      .returning({ id: contentKeys.id });
    return row!.id;
  });
  const [key] = await selectKeys(ctx.db, company.id, id);
  return { key: key!, secret };
}

/** Revokes a content key of the caller's company (again: nothing changes). */
export async function revokeContentKey(ctx: AppContext, principal: Principal, keyId: string): Promise<void> {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  const [row] = await ctx.db
    .update(contentKeys)
    .set({ revokedAt: sql`coalesce(${contentKeys.revokedAt}, now())` })
    .where(and(eq(contentKeys.id, keyId), eq(contentKeys.companyId, company.id)))
    .returning({ id: contentKeys.id });
  if (!row) throw notFound('Content key not found');
}

// ---------------------------------------------------------------------------------------------
// The content API: published items of the key's company

const publishedColumns = {
  kind: contentItems.kind,
  title: contentItems.title,
  slug: contentItems.slug,
  excerpt: contentItems.excerpt,
  tags: contentItems.tags,
  publishedAt: contentItems.publishedAt,
  updatedAt: contentItems.updatedAt,
  authorName: users.name,
};

type PublishedRow = {
  kind: ItemRow['kind'];
  title: string;
  slug: string;
  excerpt: string;
  tags: string[];
  publishedAt: Date | null;
  updatedAt: Date;
  authorName: string | null;
};

const presentPublished = (row: PublishedRow): PublishedContentSummary => ({
  kind: row.kind,
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  tags: row.tags,
  publishedAt: (row.publishedAt ?? row.updatedAt).toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  authorName: row.authorName,
});

export async function listPublishedContent(
  ctx: AppContext,
  companyId: string,
  filter: ListPublishedContentFilter,
): Promise<PublishedContentSummary[]> {
  const rows = await ctx.db
    .select(publishedColumns)
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(
      and(
        eq(contentItems.companyId, companyId),
        eq(contentItems.status, 'published'),
        filter.kind ? eq(contentItems.kind, filter.kind) : undefined,
        filter.tag ? sql`${filter.tag} = any(${contentItems.tags})` : undefined,
      ),
    )
    .orderBy(desc(contentItems.publishedAt), desc(contentItems.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return rows.map(presentPublished);
}

export async function getPublishedContent(ctx: AppContext, companyId: string, slug: string): Promise<PublishedContent> {
  const [row] = await ctx.db
    .select({ ...publishedColumns, body: contentItems.body })
    .from(contentItems)
    .leftJoin(users, eq(users.id, contentItems.authorId))
    .where(
      and(eq(contentItems.companyId, companyId), eq(contentItems.slug, slug), eq(contentItems.status, 'published')),
    )
    .limit(1);
  if (!row) throw notFound('No published item has this slug');
  return { ...presentPublished(row), body: row.body };
}
