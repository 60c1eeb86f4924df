import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';

/**
 * The upload queue's state, outside React so uploads carry on whatever page is shown. The tray
 * (in the shell) reads it; the engine (queue.ts, loaded with the Files page or the tray's panel)
 * writes it. Kept small: the shell's first load includes this file.
 */

export type UploadState =
  | 'queued'
  | 'creating'
  | 'uploading'
  | 'completing'
  | 'done'
  | 'failed'
  | 'cancelled'
  | 'skipped'
  | 'waiting-for-decision';

/** What to do when the folder already holds the name (the server's `onConflict`). */
export type ConflictChoice = 'rename' | 'replace' | 'skip';

export type UploadItem = {
  id: string;
  /** One drop, pick or paste: "apply to all" decisions hold within it. */
  batchId: string;
  file: File;
  /** The name the file is uploaded under (the node's name once created: "report (1).pdf" after keep both). */
  name: string;
  /** The folder the upload started from (null = the drive's root). */
  baseParentId: string | null;
  /** Folders between the base and the file for folder drops ("photos/2024"); '' otherwise. */
  dir: string;
  /** Where the file lands, once its folder exists. */
  parentId: string | null;
  state: UploadState;
  sent: number;
  total: number;
  /** Smoothed bytes per second while uploading. */
  speed: number | null;
  secondsLeft: number | null;
  /** The server's message, when the upload failed. */
  error: string | null;
  /** The pending node, once created (cancel deletes it; retry reuses it). */
  nodeId: string | null;
  onConflict: 'fail' | 'rename' | 'replace';
  /** Set while waiting for a decision: what holds the name. */
  conflict: { existingNodeId: string; existingNodeType: 'folder' | 'file'; message: string } | null;
};

export type UploadsStore = {
  /** Every upload of this tab until cleared, by id, and in the order they were added. */
  byId: Record<string, UploadItem>;
  order: string[];
  /** Items waiting for a name-clash decision, first asked first: one dialog at a time. */
  conflicts: string[];
  /** The latest batch of news for the polite live region ("3 files uploaded."). */
  announcement: string;
};

export const useUploads = create<UploadsStore>(() => ({ byId: {}, order: [], conflicts: [], announcement: '' }));

/** States in which an upload holds a connection, or will. */
export const isActive = (state: UploadState) =>
  state === 'queued' || state === 'creating' || state === 'uploading' || state === 'completing';

/** States the person can do nothing more about except clear them. */
export const isFinished = (state: UploadState) => state === 'done' || state === 'cancelled' || state === 'skipped';

/** Whether anything is still to upload (leaving the page would lose it). */
export const selectBusy = (store: UploadsStore) =>
  store.order.some((id) => {
    const state = store.byId[id]?.state;
    return state !== undefined && (isActive(state) || state === 'waiting-for-decision');
  });

let queryClient: QueryClient | null = null;

/** The app's QueryClient, handed over by the tray (mounted once under the provider). */
export function setUploadsQueryClient(client: QueryClient) {
  queryClient = client;
}

export const uploadsQueryClient = () => queryClient;
