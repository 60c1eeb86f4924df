/**
 * Creating nodes: a folder at once, a file by the upload steps — create it (step 1), ask where to
 * send the bytes (2), send them to storage (3, not through this server), complete (4).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { fileNodes } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { chargeAgentWork, withAgentCharge } from '../credits/index.ts';
import { DEFAULT_MIME, formatBytes, removeBytes, usedBytes } from './drive.ts';
import { agentCanRead } from './grants.ts';
import {
  assertCanChange,
  findNode,
  findParentFolder,
  freeName,
  lockDrive,
  nameTaken,
  type NodeRow,
  nodeNamed,
  presentNode,
} from './nodes.ts';
import type { FileNode, UploadTarget } from './schemas.ts';
import type { StoredPart } from './storage/types.ts';

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

export type CreateNodeInput = {
  type: 'folder' | 'file';
  name: string;
  parentId?: string | null;
  fileSize?: number;
  mimeType?: string;
  onConflict?: 'fail' | 'rename' | 'replace';
};

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
