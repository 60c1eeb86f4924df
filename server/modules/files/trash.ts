/** The trash: deleting a node (with what is in it), listing what was deleted, restoring it. */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { fileNodes } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { removeBytes } from './drive.ts';
import {
  assertCanChange,
  findNode,
  lockDrive,
  nameTaken,
  type NodeRow,
  nodeNamed,
  presentNode,
  subtree,
} from './nodes.ts';
import type { FileNode } from './schemas.ts';

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
