import { errorMessage, isApiError } from '@/api';
import { folderChanged } from './notices';
import type { UploadItem } from './store';
import type { UploadTransport } from './transport';

/** The folders of one drop or pick, below the folder it was dropped on. */
export type FolderBatch = {
  baseParentId: string | null;
  /** Folder path ("Photos/2024") → the folder's id, created (or found) once per batch. */
  folders: Map<string, Promise<string | null>>;
};

/** What a 409 `FILE_NAME_TAKEN` says holds the name, or null for any other error. */
export function nameTakenInfo(error: unknown): UploadItem['conflict'] {
  if (!isApiError(error) || error.status !== 409 || error.code !== 'FILE_NAME_TAKEN') return null;
  const { existingNodeId, existingNodeType } = error.envelope ?? {};
  if (typeof existingNodeId !== 'string') return null;
  return {
    existingNodeId,
    existingNodeType: existingNodeType === 'folder' ? 'folder' : 'file',
    message: error.message,
  };
}

/** A folder that could not be created; its message names the folder. */
export class FolderError extends Error {}

/**
 * The id of a folder of a folder drop, creating it (and the folders above it) once per batch. A
 * folder of that name already there is used as it is (the drop merges into it); a file holding
 * the name makes this one "name (1)".
 */
export function ensureFolder(transport: UploadTransport, batch: FolderBatch, dir: string): Promise<string | null> {
  const known = batch.folders.get(dir);
  if (known) return known;
  const slash = dir.lastIndexOf('/');
  const name = dir.slice(slash + 1);
  const created = (async () => {
    const parentId = slash < 0 ? batch.baseParentId : await ensureFolder(transport, batch, dir.slice(0, slash));
    const create = (onConflict: 'fail' | 'rename') =>
      transport.createNode({ type: 'folder', name, parentId, onConflict });
    try {
      let node;
      try {
        node = await create('fail');
      } catch (error) {
        const clash = nameTakenInfo(error);
        if (!clash) throw error;
        if (clash.existingNodeType === 'folder') return clash.existingNodeId;
        node = await create('rename');
      }
      folderChanged(parentId);
      return node.id;
    } catch (error) {
      if (error instanceof FolderError) throw error;
      throw new FolderError(`Could not create the folder “${name}”: ${errorMessage(error)}`);
    }
  })();
  batch.folders.set(dir, created);
  // A failed folder is tried again by the next file that needs it (retry).
  created.catch(() => batch.folders.delete(dir));
  return created;
}
