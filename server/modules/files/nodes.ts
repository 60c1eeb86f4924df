import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { fileNodes } from '../../db/schema.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import type { Actor } from '../../events/record.ts';
import { assertCan } from '../../policies/index.ts';
import type { Principal } from '../../types.ts';
import type { FileNode } from './schemas.ts';

export type NodeRow = typeof fileNodes.$inferSelect;

export function presentNode(row: NodeRow): FileNode {
  return {
    id: row.id,
    clientId: row.companyId,
    type: row.type,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    parentId: row.parentId,
    status: row.status,
    storagePath: row.storagePath,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    agentTag: row.agentTag,
    uploadSource: row.uploadSource,
    author: {
      name: row.authorName,
      ...(row.authorUserId ? { userId: row.authorUserId } : {}),
      ...(row.authorAgentId ? { agentId: row.authorAgentId } : {}),
    },
    trashedAt: row.trashedAt?.toISOString() ?? null,
  };
}

/**
 * Serialises the drive's structural writes per company (create, rename, move, trash, restore,
 * complete): name uniqueness and "a folder never moves into its own subtree" are checked and
 * written under it, so two requests never both pass a check the other breaks.
 */
export async function lockDrive(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`files:${companyId}`}, 0))`);
}

/**
 * A live node of the caller's drive, or 404: missing, of another company, in the trash, or a
 * pending upload of someone else (pending uploads exist only for their uploader).
 */
export async function findNode(
  db: Executor,
  principal: Principal,
  companyId: string,
  nodeId: string,
): Promise<NodeRow> {
  const [row] = await db
    .select()
    .from(fileNodes)
    .where(and(eq(fileNodes.id, nodeId), eq(fileNodes.companyId, companyId), isNull(fileNodes.trashedAt)))
    .limit(1);
  // An upload in progress is its author's alone (a person's, or an agent's).
  const isAuthor = principal.agent
    ? row?.authorAgentId === principal.agent.id
    : row?.authorUserId === principal.user.id;
  if (!row || (row.status === 'pending' && !isAuthor)) throw notFound('File not found');
  return row;
}

/**
 * The folder a body's `parentId` names: a live folder of the drive, or 400 naming the field.
 * Null is the drive root.
 */
export async function findParentFolder(
  db: Executor,
  companyId: string,
  parentId: string | null,
): Promise<NodeRow | null> {
  if (parentId === null) return null;
  const [row] = await db
    .select()
    .from(fileNodes)
    .where(and(eq(fileNodes.id, parentId), eq(fileNodes.companyId, companyId), isNull(fileNodes.trashedAt)))
    .limit(1);
  if (!row) throw invalidField('parentId', 'is not a folder of your drive');
  if (row.type !== 'folder') throw invalidField('parentId', 'is a file, not a folder');
  return row;
}

/** The live or uploading node holding `name` (ignoring case) in a folder, other than `exceptId`. */
export async function nodeNamed(
  db: Executor,
  companyId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<NodeRow | undefined> {
  const [row] = await db
    .select()
    .from(fileNodes)
    .where(
      and(
        eq(fileNodes.companyId, companyId),
        parentId === null ? isNull(fileNodes.parentId) : eq(fileNodes.parentId, parentId),
        sql`lower(${fileNodes.name}) = lower(${name})`,
        isNull(fileNodes.trashedAt),
        isNull(fileNodes.replacesId),
        exceptId ? sql`${fileNodes.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** 409 `FILE_NAME_TAKEN` with the node that has the name, so a client can offer keep both / replace / skip. */
export function nameTaken(existing: NodeRow): ApiError {
  const what = existing.status === 'pending' ? 'A file with this name is being uploaded' : 'This folder already holds';
  return new ApiError(
    409,
    existing.status === 'pending'
      ? `${what} to this folder: “${existing.name}”`
      : `${what} a ${existing.type} named “${existing.name}”`,
    ErrorCode.fileNameTaken,
    { existingNodeId: existing.id, existingNodeType: existing.type },
  );
}

const NUMBERED = /^(.*?)(?: \((\d+)\))?$/;

/** `report.pdf` → `report (1).pdf`, `report (2).pdf`, …: the first name free in the folder ("keep both"). */
export async function freeName(
  db: Executor,
  companyId: string,
  parentId: string | null,
  name: string,
): Promise<string> {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < name.length - 1;
  const stem = hasExtension ? name.slice(0, dot) : name;
  const extension = hasExtension ? name.slice(dot) : '';
  const base = NUMBERED.exec(stem)?.[1] ?? stem;
  const taken = new Set(
    rows<{ name: string }>(
      await db.execute(sql`select lower(name) as name from ${fileNodes}
        where company_id = ${companyId} and ${parentId === null ? sql`parent_id is null` : sql`parent_id = ${parentId}`}
          and trashed_at is null and replaces_id is null
          and lower(name) like ${`${escapeLike(base.toLowerCase())}%`} escape '\\'`),
    ).map((row) => row.name),
  );
  for (let n = 1; ; n++) {
    const candidate = `${base} (${n})${extension}`;
    if (candidate.length > 255) throw invalidField('name', 'is too long to number as a copy');
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The folders from the root down to `parentId` (inclusive), for a node's `path`. */
export async function pathTo(db: Executor, parentId: string | null): Promise<{ id: string; name: string }[]> {
  if (parentId === null) return [];
  const found = rows<{ id: string; name: string; depth: number }>(
    await db.execute(sql`with recursive up(id, name, parent_id, depth) as (
        select id, name, parent_id, 0 from ${fileNodes} where id = ${parentId}
        union all
        select n.id, n.name, n.parent_id, up.depth + 1 from ${fileNodes} n join up on n.id = up.parent_id
        where up.depth < 1000
      ) select id, name, depth from up order by depth desc`),
  );
  return found.map(({ id, name }) => ({ id, name }));
}

/** Whether `folderId` is `nodeId` or lies inside it (a move there would make a loop). */
export async function isWithin(db: Executor, folderId: string, nodeId: string): Promise<boolean> {
  const found = rows<{ hit: boolean }>(
    await db.execute(sql`with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from ${fileNodes} where id = ${folderId}
        union all
        select n.id, n.parent_id, up.depth + 1 from ${fileNodes} n join up on n.id = up.parent_id
        where up.depth < 1000
      ) select exists (select 1 from up where id = ${nodeId}) as hit`),
  );
  return found[0]?.hit === true;
}

/** The node and everything below it that is not already in the trash, for a trash or a purge. */
export function subtree(nodeId: string, options: { liveOnly: boolean }) {
  return sql`with recursive down(id) as (
      select id from ${fileNodes} where id = ${nodeId}
      union all
      select n.id from ${fileNodes} n join down on n.parent_id = down.id
      ${options.liveOnly ? sql`where n.trashed_at is null` : sql``}
    ) select id from down`;
}

/** Whether the caller may rename, move or delete the node: 403 unless its author or a company admin. */
export function assertCanChange(actor: Actor, row: NodeRow) {
  assertCan(actor.principal, 'changeFile', { companyId: row.companyId, authorUserId: row.authorUserId });
}
