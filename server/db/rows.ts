/**
 * The rows of a raw query, `db.execute(sql`…`)`, typed as the query's columns. Both drivers (the
 * embedded database's thread and node-postgres) answer `{ rows }`, but the `Database` type spans
 * both and so types the result as `unknown`: this is the one place that says what it is.
 *
 *   const found = rows<{ id: string }>(await db.execute(sql`select id from cards`));
 */
export function rows<T extends Record<string, unknown>>(result: unknown): T[] {
  const list = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(list)) throw new Error('rows: not the result of a raw query (no rows array)');
  return list as T[];
}
