/**
 * The files module's service: reading a node and its path, download links, renaming and moving,
 * the drive's usage, and the hourly housekeeping. Creating nodes and uploads are in uploads.ts,
 * listing a folder in listing.ts, the trash in trash.ts, agents' grants in grants.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { fileNodes } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { conflict, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { DEFAULT_MIME, removeBytes, usedBytes } from './drive.ts';
import {
  assertCanChange,
  findNode,
  findParentFolder,
  isWithin,
  lockDrive,
  nameTaken,
  nodeNamed,
  pathTo,
  presentNode,
  subtree,
} from './nodes.ts';
import type { FileNode, FileNodeDetail } from './schemas.ts';

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
