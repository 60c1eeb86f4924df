import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { fileNodes } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { assertCan, requireCompany } from '../../policies/index.ts';
import {
  findNode,
  findParentFolder,
  freeName,
  isWithin,
  lockDrive,
  nameTaken,
  type NodeRow,
  nodeNamed,
  pathTo,
  presentNode,
  subtree,
} from './nodes.ts';
import { agentCanRead } from './grants.ts';
import { chargeAgentWork, withAgentCharge } from '../credits/index.ts';
import { FILE_LIMITS, type FileNode, type FileNodeDetail, type UploadTarget } from './schemas.ts';
import type { StoredPart } from './storage/types.ts';

const DEFAULT_MIME = 'application/octet-stream';

/** The author fields of what the caller creates: the person (an API key acts as its owner). */
function authorOf(actor: Actor) {
  const { user, agent } = actor.principal;
  // An agent token uploads as the agent: tagged so, and listed with the Agent badge.
  if (agent) {
    return {
      authorName: agent.name,
      authorUserId: null,
      authorAgentId: agent.id,
      uploadSource: 'agent' as const,
      agentTag: agent.id,
    };
  }
  return { authorName: user.name, authorUserId: user.id, authorAgentId: null, uploadSource: 'client' as const };
}

/** Whether the caller may rename, move or delete the node: 403 unless its author or a company admin. */
function assertCanChange(actor: Actor, row: NodeRow) {
  assertCan(actor.principal, 'changeFile', { companyId: row.companyId, authorUserId: row.authorUserId });
}

export type CreateNodeInput = {
  type: 'folder' | 'file';
  name: string;
  parentId?: string | null;
  fileSize?: number;
  mimeType?: string;
  onConflict?: 'fail' | 'rename' | 'replace';
};

/** Bytes the company's drive holds: every file, uploads in progress and the trash included. */
async function usedBytes(db: AppContext['db'], companyId: string): Promise<{ bytes: number; files: number }> {
  const [row] = rows<{ bytes: string | number | null; files: string | number }>(
    await db.execute(sql`select coalesce(sum(file_size), 0) as bytes, count(*) filter (where status = 'ready') as files
      from ${fileNodes} where company_id = ${companyId} and type = 'file'`),
  );
  return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
}

/**
 * Step 1 of an upload, or a new folder. A file starts `pending` (seen by its uploader alone) and
 * holds its name in the folder from now on; a name already used answers 409 `FILE_NAME_TAKEN`
 * unless `onConflict` says to number the new one (`rename`) or to replace the existing file's
 * content when this upload completes (`replace`: the existing file keeps its id, links and grants).
 */
export async function createNode(ctx: AppContext, actor: Actor, input: CreateNodeInput): Promise<FileNode> {
  const company = requireCompany(actor.principal);
  const { files } = ctx.config;
  const isFile = input.type === 'file';
  if (!isFile && (input.fileSize !== undefined || input.mimeType !== undefined)) {
    throw invalidField(input.fileSize !== undefined ? 'fileSize' : 'mimeType', 'is only for files');
  }
  if (!isFile && input.onConflict === 'replace') throw invalidField('onConflict', 'replace is only for files');
  if (isFile && input.fileSize === undefined) throw invalidField('fileSize', 'is required for a file');
  const fileSize = input.fileSize ?? null;
  if (fileSize !== null && fileSize > files.maxFileBytes) {
    throw new ApiError(
      413,
      `This file is ${formatBytes(fileSize)}; a file may be at most ${formatBytes(files.maxFileBytes)}`,
      ErrorCode.fileTooLarge,
    );
  }
  const parentId = input.parentId ?? null;
  const { agent } = actor.principal;
  if (agent) {
    // An agent writes into the folders granted to it (and what is inside them), nowhere else.
    if (parentId === null || !(await agentCanRead(ctx.db, agent.id, parentId))) {
      throw invalidField('parentId', 'must be a folder granted to this agent');
    }
    if (input.onConflict === 'replace') throw invalidField('onConflict', 'an agent keeps both or is refused');
  }
  const node = await ctx.db.transaction(async (tx) => {
    await chargeAgentWork(ctx, tx, actor, { operation: 'createFileNode', kind: 'write' });
    await lockDrive(tx, company.id);
    await findParentFolder(tx, company.id, parentId);
    let name = input.name;
    let replacesId: string | null = null;
    const existing = await nodeNamed(tx, company.id, parentId, name);
    if (existing) {
      if (input.onConflict === 'rename') name = await freeName(tx, company.id, parentId, name);
      else if (input.onConflict === 'replace' && existing.type === 'file' && existing.status === 'ready') {
        assertCanChange(actor, existing);
        replacesId = existing.id;
      } else throw nameTaken(existing);
    }
    if (fileSize !== null) {
      const used = await usedBytes(tx, company.id);
      if (used.bytes + fileSize > files.quotaBytes) {
        throw new ApiError(
          403,
          `Not enough room in the drive: ${formatBytes(used.bytes)} of ${formatBytes(files.quotaBytes)} used, this file needs ${formatBytes(fileSize)}. Empty the trash or delete files to make room.`,
          ErrorCode.storageQuotaExceeded,
          { usedBytes: used.bytes, quotaBytes: files.quotaBytes },
        );
      }
    }
    const [row] = await tx
      .insert(fileNodes)
      .values({
        companyId: company.id,
        parentId,
        type: input.type,
        name,
        status: isFile ? 'pending' : 'ready',
        mimeType: isFile ? normaliseMime(input.mimeType) : null,
        fileSize,
        replacesId,
        ...authorOf(actor),
      })
      .returning();
    if (!row) throw new Error('createNode: insert returned nothing');
    if (!isFile) await recordEvent(tx, actor, 'file.created', { node: presentNode(row) });
    return row;
  });
  return presentNode(node);
}

function normaliseMime(mimeType: string | undefined): string {
  const value = mimeType?.trim().toLowerCase();
  return value ? value : DEFAULT_MIME;
}

/** A pending file of the caller's, or 404 / 409. */
async function pendingFile(ctx: AppContext, actor: Actor, nodeId: string): Promise<NodeRow> {
  const company = requireCompany(actor.principal);
  const row = await findNode(ctx.db, actor.principal, company.id, nodeId);
  if (row.type !== 'file') throw conflict('A folder has no upload');
  if (row.status !== 'pending') throw conflict('This file’s upload is already complete');
  return row;
}

/**
 * Step 2: where to send the bytes. Each call starts afresh under a new storage key (a retry never
 * writes over bytes of an earlier attempt; those are removed).
 */
export async function createUploadUrl(ctx: AppContext, actor: Actor, nodeId: string): Promise<UploadTarget> {
  // An agent's call is charged first, in one transaction with it (credits/metering.ts).
  return withAgentCharge(ctx, actor, { operation: 'createUploadUrl', kind: 'write' }, (db) =>
    uploadUrl({ ...ctx, db }, actor, nodeId),
  );
}

async function uploadUrl(ctx: AppContext, actor: Actor, nodeId: string): Promise<UploadTarget> {
  const row = await pendingFile(ctx, actor, nodeId);
  const key = `${row.companyId}/${row.id}/${randomUUID()}`;
  const target = await ctx.storage.createUpload({
    key,
    size: row.fileSize ?? 0,
    contentType: row.mimeType ?? DEFAULT_MIME,
    expiresIn: ctx.config.files.uploadUrlSeconds,
  });
  await ctx.db
    .update(fileNodes)
    .set({ storagePath: key, uploadId: target.mode === 'multipart' ? target.uploadId : null })
    .where(eq(fileNodes.id, row.id));
  if (row.storagePath) await removeBytes(ctx, row.storagePath, row.uploadId);
  return target;
}

/**
 * Step 4: checks what was stored against the declared size (400 `FILE_SIZE_MISMATCH`, the node
 * stays pending and may be uploaded again) and makes the file visible, or, for a `replace`
 * upload, puts the new content into the file it replaces.
 */
export async function completeUpload(
  ctx: AppContext,
  actor: Actor,
  nodeId: string,
  input: { parts?: StoredPart[] },
): Promise<FileNode> {
  // An agent's call is charged first, in one transaction with it (credits/metering.ts).
  return withAgentCharge(ctx, actor, { operation: 'completeUpload', kind: 'write' }, (db) =>
    finishUpload({ ...ctx, db }, actor, nodeId, input),
  );
}

async function finishUpload(
  ctx: AppContext,
  actor: Actor,
  nodeId: string,
  input: { parts?: StoredPart[] },
): Promise<FileNode> {
  const row = await pendingFile(ctx, actor, nodeId);
  if (!row.storagePath) throw conflict('Nothing was uploaded yet: ask for an upload URL first');
  if (row.uploadId && !input.parts?.length) throw invalidField('parts', 'are required to complete a multipart upload');
  const stored = await ctx.storage.completeUpload({
    key: row.storagePath,
    uploadId: row.uploadId ?? undefined,
    parts: input.parts,
  });
  const expected = row.fileSize ?? 0;
  if (!stored || stored.size !== expected) {
    throw new ApiError(
      400,
      stored
        ? `The upload stored ${stored.size} bytes but ${expected} were declared; upload the file again`
        : 'Nothing was stored for this upload yet; send the bytes to the upload URL first',
      ErrorCode.fileSizeMismatch,
      { expectedSize: expected, storedSize: stored?.size ?? 0 },
    );
  }
  let oldBytes: string | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    await lockDrive(tx, row.companyId);
    const now = new Date();
    if (row.replacesId) {
      const [target] = await tx
        .select()
        .from(fileNodes)
        .where(and(eq(fileNodes.id, row.replacesId), isNull(fileNodes.trashedAt)))
        .limit(1);
      if (target && target.type === 'file' && target.status === 'ready') {
        assertCanChange(actor, target);
        oldBytes = target.storagePath;
        const [updated] = await tx
          .update(fileNodes)
          .set({
            storagePath: row.storagePath,
            mimeType: row.mimeType,
            fileSize: row.fileSize,
            uploadId: null,
            // The file keeps its author (who may change it); the new content is the change.
            updatedAt: now,
          })
          .where(eq(fileNodes.id, target.id))
          .returning();
        await tx.delete(fileNodes).where(eq(fileNodes.id, row.id));
        if (!updated) throw new Error('completeUpload: the replaced file vanished');
        await recordEvent(tx, actor, 'file.updated', {
          node: presentNode(updated),
          previousParentId: updated.parentId,
        });
        return updated;
      }
      // The file it was to replace is gone: this upload becomes a file of its own, if the name is free.
      const clash = await nodeNamed(tx, row.companyId, row.parentId, row.name, row.id);
      if (clash) throw nameTaken(clash);
    }
    const [done] = await tx
      .update(fileNodes)
      .set({ status: 'ready', replacesId: null, uploadId: null, updatedAt: now })
      .where(eq(fileNodes.id, row.id))
      .returning();
    if (!done) throw notFound('File not found');
    await recordEvent(tx, actor, 'file.created', { node: presentNode(done) });
    return done;
  });
  if (oldBytes) await removeBytes(ctx, oldBytes, null);
  return presentNode(result);
}

/** A signed URL to read a file; `inline` for previews (the storage serves only safe types inline). */
export async function createDownloadUrl(
  ctx: AppContext,
  actor: Actor,
  nodeId: string,
  inline: boolean,
): Promise<{ signedUrl: string; expiresIn: number }> {
  const company = requireCompany(actor.principal);
  const row = await findNode(ctx.db, actor.principal, company.id, nodeId);
  if (row.type !== 'file') throw invalidField('nodeId', 'is a folder; only files can be downloaded', 'path');
  if (row.status !== 'ready' || !row.storagePath) throw notFound('File not found');
  const expiresIn = ctx.config.files.downloadUrlSeconds;
  const signedUrl = await ctx.storage.downloadUrl({
    key: row.storagePath,
    fileName: row.name,
    contentType: row.mimeType ?? DEFAULT_MIME,
    inline,
    expiresIn,
  });
  return { signedUrl, expiresIn };
}

/** A node with the folders above it. */
export async function getNode(ctx: AppContext, actor: Actor, nodeId: string): Promise<FileNodeDetail> {
  const company = requireCompany(actor.principal);
  const row = await findNode(ctx.db, actor.principal, company.id, nodeId);
  return { node: presentNode(row), path: await pathTo(ctx.db, row.parentId) };
}

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

/**
 * Rename and/or move (`parentId: null` is the root, absent leaves it). Author or company admin;
 * a folder never moves into itself or below itself (400); a name used in the target folder is 409.
 */
export async function updateNode(
  ctx: AppContext,
  actor: Actor,
  nodeId: string,
  input: { name?: string; parentId?: string | null },
): Promise<FileNode> {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await lockDrive(tx, company.id);
    const row = await findNode(tx, actor.principal, company.id, nodeId);
    if (row.status !== 'ready') throw conflict('This file is still uploading; rename or move it when it is done');
    assertCanChange(actor, row);
    const parentId = input.parentId === undefined ? row.parentId : input.parentId;
    const name = input.name ?? row.name;
    if (parentId !== row.parentId) {
      await findParentFolder(tx, company.id, parentId);
      if (parentId !== null && row.type === 'folder' && (await isWithin(tx, parentId, row.id))) {
        throw invalidField('parentId', 'is this folder or one of its subfolders: a folder cannot move into itself');
      }
    }
    if (parentId === row.parentId && name === row.name) return presentNode(row);
    const clash = await nodeNamed(tx, company.id, parentId, name, row.id);
    if (clash) throw nameTaken(clash);
    const [updated] = await tx
      .update(fileNodes)
      .set({ name, parentId, updatedAt: new Date() })
      .where(eq(fileNodes.id, row.id))
      .returning();
    if (!updated) throw notFound('File not found');
    const node = presentNode(updated);
    await recordEvent(tx, actor, 'file.updated', { node, previousParentId: row.parentId });
    return node;
  });
}

/**
 * Delete: a ready node goes to the trash with everything in it (restorable for
 * `config.files.trashDays`); a pending upload of the caller's is cancelled and removed at once.
 */
export async function deleteNode(
  ctx: AppContext,
  actor: Actor,
  nodeId: string,
): Promise<{ node: FileNode; count: number; trashed: boolean }> {
  const company = requireCompany(actor.principal);
  let cancelled: NodeRow | null = null;
  const result = await ctx.db.transaction(async (tx) => {
    await lockDrive(tx, company.id);
    const row = await findNode(tx, actor.principal, company.id, nodeId);
    if (row.status === 'pending') {
      await tx.delete(fileNodes).where(eq(fileNodes.id, row.id));
      cancelled = row;
      return { node: presentNode(row), count: 1, trashed: false };
    }
    assertCanChange(actor, row);
    const now = new Date();
    const trashed = await tx
      .update(fileNodes)
      .set({ trashedAt: now, trashRootId: row.id, trashedByUserId: actor.principal.user.id })
      .where(and(sql`${fileNodes.id} in (${subtree(row.id, { liveOnly: true })})`, isNull(fileNodes.trashedAt)))
      .returning({ id: fileNodes.id });
    const node = presentNode({ ...row, trashedAt: now });
    await recordEvent(tx, actor, 'file.trashed', { node, count: trashed.length });
    return { node, count: trashed.length, trashed: true };
  });
  const gone = cancelled as NodeRow | null;
  if (gone?.storagePath) await removeBytes(ctx, gone.storagePath, gone.uploadId);
  return result;
}

/** What was deleted (the nodes people deleted, not what went with them), newest first. */
export async function listTrash(ctx: AppContext, actor: Actor, limit: number): Promise<FileNode[]> {
  const company = requireCompany(actor.principal);
  const found = await ctx.db
    .select()
    .from(fileNodes)
    .where(and(eq(fileNodes.companyId, company.id), sql`${fileNodes.trashRootId} = ${fileNodes.id}`))
    .orderBy(desc(fileNodes.trashedAt), asc(fileNodes.id))
    .limit(limit);
  return found.map(presentNode);
}

/**
 * Brings a deleted node back with what went with it, into its folder, or to the root when that
 * folder is itself deleted. 409 when the name is taken there meanwhile.
 */
export async function restoreNode(ctx: AppContext, actor: Actor, nodeId: string): Promise<FileNode> {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    await lockDrive(tx, company.id);
    const [row] = await tx
      .select()
      .from(fileNodes)
      .where(and(eq(fileNodes.id, nodeId), eq(fileNodes.companyId, company.id), eq(fileNodes.trashRootId, nodeId)))
      .limit(1);
    if (!row) throw notFound('Nothing to restore: this is not in the trash');
    assertCanChange(actor, row);
    let parentId = row.parentId;
    if (parentId) {
      const [parent] = await tx
        .select({ id: fileNodes.id })
        .from(fileNodes)
        .where(and(eq(fileNodes.id, parentId), isNull(fileNodes.trashedAt)))
        .limit(1);
      if (!parent) parentId = null;
    }
    const clash = await nodeNamed(tx, company.id, parentId, row.name, row.id);
    if (clash) throw nameTaken(clash);
    await tx
      .update(fileNodes)
      .set({ trashedAt: null, trashRootId: null, trashedByUserId: null })
      .where(and(eq(fileNodes.companyId, company.id), eq(fileNodes.trashRootId, row.id)));
    const [restored] = await tx
      .update(fileNodes)
      .set({ parentId, updatedAt: new Date() })
      .where(eq(fileNodes.id, row.id))
      .returning();
    if (!restored) throw notFound('File not found');
    const node = presentNode(restored);
    await recordEvent(tx, actor, 'file.restored', { node });
    return node;
  });
}

/** The drive's size against its quota. */
export async function driveUsage(ctx: AppContext, actor: Actor) {
  const company = requireCompany(actor.principal);
  const used = await usedBytes(ctx.db, company.id);
  return {
    usedBytes: used.bytes,
    quotaBytes: ctx.config.files.quotaBytes,
    fileCount: used.files,
    maxFileBytes: ctx.config.files.maxFileBytes,
  };
}

/** Removes stored bytes; a failure is logged, not raised (the sweep finds nothing left to undo). */
async function removeBytes(ctx: AppContext, key: string, uploadId: string | null): Promise<void> {
  try {
    await ctx.storage.delete(key, uploadId ?? undefined);
  } catch (error) {
    ctx.logger.warn(`files: could not remove stored bytes ${key}: ${(error as Error).message}`);
  }
}

/**
 * Housekeeping, run at start and every hour (main.ts): uploads left pending past
 * `pendingHours` and trash older than `trashDays` are removed with their bytes.
 */
export async function sweepFiles(ctx: AppContext, now = new Date()): Promise<{ pending: number; purged: number }> {
  const { pendingHours, trashDays } = ctx.config.files;
  const pendingBefore = new Date(now.getTime() - pendingHours * 3600_000);
  const trashBefore = new Date(now.getTime() - trashDays * 86400_000);
  const stale = await ctx.db
    .delete(fileNodes)
    .where(and(eq(fileNodes.status, 'pending'), sql`${fileNodes.createdAt} < ${pendingBefore}`))
    .returning({ storagePath: fileNodes.storagePath, uploadId: fileNodes.uploadId });
  const roots = await ctx.db
    .select({ id: fileNodes.id })
    .from(fileNodes)
    .where(and(sql`${fileNodes.trashRootId} = ${fileNodes.id}`, sql`${fileNodes.trashedAt} < ${trashBefore}`));
  const purgedBytes: { storagePath: string | null; uploadId: string | null }[] = [];
  for (const root of roots) {
    // Everything below the root goes too (the parent key cascades), its bytes first.
    const gone = await ctx.db
      .delete(fileNodes)
      .where(sql`${fileNodes.id} in (${subtree(root.id, { liveOnly: false })})`)
      .returning({ storagePath: fileNodes.storagePath, uploadId: fileNodes.uploadId });
    purgedBytes.push(...gone);
  }
  for (const item of [...stale, ...purgedBytes]) {
    if (item.storagePath) await removeBytes(ctx, item.storagePath, item.uploadId);
  }
  // An upload still streaming is younger than any pending node that may be removed.
  await ctx.storage.removeLeftovers?.(pendingBefore);
  return { pending: stale.length, purged: purgedBytes.length };
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export { FILE_LIMITS };
