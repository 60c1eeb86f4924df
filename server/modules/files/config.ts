import type { FilesConfig } from '../../types.ts';

const MiB = 1024 * 1024;

/** The drive's limits when the environment says nothing (server/env.ts documents each). */
export const DEFAULT_FILES_CONFIG: FilesConfig = {
  quotaBytes: 100 * 1024 * MiB,
  maxFileBytes: 5 * 1024 * MiB,
  uploadUrlSeconds: 3600,
  downloadUrlSeconds: 3600,
  pendingHours: 24,
  trashDays: 30,
};
