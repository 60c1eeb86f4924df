/** Key rotation of the secrets sealed at rest: connection credentials and webhook signing secrets. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { integrationConnections, webhookEndpoints } from '../../db/schema.ts';
import { isCurrent, type Keyring, seal, unseal } from '../../lib/sealed.ts';

/**
 * Re-seals every stored secret (connection credentials, webhook signing secrets) sealed under an
 * earlier key with the current one (key rotation: README). A value no key of the ring opens is
 * left as it is and counted as `unreadable` (main.ts logs it: a previous key is missing).
 */
export async function resealSecrets(db: Executor, keyring: Keyring): Promise<{ resealed: number; unreadable: number }> {
  const counts = { resealed: 0, unreadable: 0 };
  if (keyring.length < 2) return counts;
  const reseal = (sealed: string): string | null => {
    if (isCurrent(keyring, sealed)) return null;
    try {
      return seal(keyring, unseal(keyring, sealed));
    } catch {
      counts.unreadable += 1;
      return null;
    }
  };
  const connections = await db
    .select({ id: integrationConnections.id, sealed: integrationConnections.credentialsSealed })
    .from(integrationConnections)
    .where(sql`${integrationConnections.credentialsSealed} is not null`);
  for (const { id, sealed } of connections) {
    const resealed = sealed ? reseal(sealed) : null;
    if (!resealed) continue;
    await db
      .update(integrationConnections)
      .set({ credentialsSealed: resealed })
      .where(eq(integrationConnections.id, id));
    counts.resealed += 1;
  }
  const endpoints = await db
    .select({ id: webhookEndpoints.id, sealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints);
  for (const { id, sealed } of endpoints) {
    const resealed = reseal(sealed);
    if (!resealed) continue;
    // Only if unchanged since read: a rotation from another instance wins.
    await db
      .update(webhookEndpoints)
      .set({ secretSealed: resealed })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secretSealed, sealed)));
    counts.resealed += 1;
  }
  return counts;
}
