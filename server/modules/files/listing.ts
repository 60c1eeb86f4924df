/** Listing a folder's children, sorted and paged by a cursor. */
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { fileNodes } from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import { invalidField } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { findNode, type NodeRow, presentNode } from './nodes.ts';
import type { FileNode } from './schemas.ts';

export type ListInput = {
  parentId?: string;
  sort: 'name' | 'updatedAt' | 'size';
  order: 'asc' | 'desc';
  limit: number;
  cursor?: string;
};

type Cursor = { type: 'folder' | 'file'; key: string | number; id: string };

/**
 * How each sort orders a folder's children: the indexed expression, the value a cursor keeps of it
 * (timestamps as integer microseconds, exact), and that value turned back into the expression's type.
 */
const SORTS = {
  name: {
    order: sql`lower(name)`,
    cursorValue: sql`lower(name)`,
    fromCursor: (key: string | number) => sql`${String(key)}`,
  },
  updatedAt: {
    order: sql`updated_at`,
    cursorValue: sql`(extract(epoch from updated_at) * 1000000)::bigint`,
    fromCursor: (key: string | number) => sql`(timestamptz 'epoch' + ${Number(key)} * interval '1 microsecond')`,
  },
  size: {
    order: sql`coalesce(file_size, -1)`,
    cursorValue: sql`coalesce(file_size, -1)`,
    fromCursor: (key: string | number) => sql`${Number(key)}::bigint`,
  },
} as const;

function decodeCursor(cursor: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 3) {
      const [type, key, id] = value as unknown[];
      if ((type === 'folder' || type === 'file') && (typeof key === 'string' || typeof key === 'number')) {
        if (typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
          if (typeof key === 'string' || Number.isSafeInteger(key)) return { type, key, id };
        }
      }
    }
  } catch {
    // fall through to the 400
  }
  throw invalidField('cursor', 'is not a cursor this listing gave', 'query');
}

/**
 * A folder's children (the drive root's without `parentId`): folders first, then files, each in
 * the requested order, paged by a cursor. Each type is its own index range scan (the children
 * indexes of schema.ts, one per sort), starting after the cursor by a row comparison, so any
 * page of a 10,000-node folder costs about what the first does.
 */
export async function listChildren(
  ctx: AppContext,
  actor: Actor,
  input: ListInput,
): Promise<{ nodes: FileNode[]; nextCursor: string | null }> {
  const company = requireCompany(actor.principal);
  const parentId = input.parentId ?? null;
  if (parentId) {
    const parent = await findNode(ctx.db, actor.principal, company.id, parentId);
    if (parent.type !== 'folder') throw invalidField('parentId', 'is a file, not a folder', 'query');
  }
  const sort = SORTS[input.sort];
  const after = input.cursor ? decodeCursor(input.cursor) : undefined;
  const direction = sql.raw(input.order === 'desc' ? 'desc' : 'asc');
  const comparison = sql.raw(input.order === 'desc' ? '<' : '>');
  const take = input.limit + 1;
  const ofType = (type: 'folder' | 'file') => sql`(select id, type, ${sort.cursorValue} as cursor_key,
      ${sort.order} as sort_key
    from ${fileNodes}
    where company_id = ${company.id} and ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`}
      and type = ${type}::file_node_type and trashed_at is null and status = 'ready'
      ${after?.type === type ? sql`and (${sort.order}, id) ${comparison} (${sort.fromCursor(after.key)}, ${after.id}::uuid)` : sql``}
    order by ${sort.order} ${direction}, id ${direction}
    limit ${take})`;
  const query =
    after?.type === 'file'
      ? ofType('file')
      : sql`select * from (${ofType('folder')} union all ${ofType('file')}) as children
          order by type, sort_key ${direction}, id ${direction} limit ${take}`;
  const found = rows<{ id: string; type: 'folder' | 'file'; cursor_key: string | number }>(await ctx.db.execute(query));
  const page = found.slice(0, input.limit);
  const byId = new Map<string, NodeRow>();
  if (page.length > 0) {
    const full = await ctx.db
      .select()
      .from(fileNodes)
      .where(
        inArray(
          fileNodes.id,
          page.map((row) => row.id),
        ),
      );
    for (const row of full) byId.set(row.id, row);
  }
  const last = page.at(-1);
  const nextCursor =
    found.length > input.limit && last
      ? Buffer.from(
          JSON.stringify([
            last.type,
            input.sort === 'name' ? String(last.cursor_key) : Number(last.cursor_key),
            last.id,
          ]),
        ).toString('base64url')
      : null;
  return { nodes: page.flatMap((row) => (byId.has(row.id) ? [presentNode(byId.get(row.id)!)] : [])), nextCursor };
}
