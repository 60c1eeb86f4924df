/**
 * The drive's bytes: how much a company stores (against its quota), removing stored bytes, and
 * sizes in words.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { fileNodes } from '../../db/schema.ts';

/** The type a file is stored and served as when none was given. */
export const DEFAULT_MIME = 'application/octet-stream';

/** Bytes the company's drive holds: every file, uploads in progress and the trash included. */
export async function usedBytes(db: AppContext['db'], companyId: string): Promise<{ bytes: number; files: number }> {
  const [row] = rows<{ bytes: string | number | null; files: string | number }>(
    await db.execute(sql`select coalesce(sum(file_size), 0) as bytes, count(*) filter (where status = 'ready') as files
      from ${fileNodes} where company_id = ${companyId} and type = 'file'`),
  );
  return { bytes: Number(row?.bytes ?? 0), files: Number(row?.files ?? 0) };
}

/** Removes stored bytes; a failure is logged, not raised (the sweep finds nothing left to undo). */
export async function removeBytes(ctx: AppContext, key: string, uploadId: string | null): Promise<void> {
  try {
    await ctx.storage.delete(key, uploadId ?? undefined);
  } catch (error) {
    ctx.logger.warn(`files: could not remove stored bytes ${key}: ${(error as Error).message}`);
  }
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
