/**
 * Secrets the server must read back (integration credentials, webhook signing secrets), sealed
 * at rest with AES-256-GCM. A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url
 * parts); the key id is the first 8 hex digits of the key's SHA-256, so a value sealed under an
 * earlier key is still opened while that key is kept as a previous one (key rotation, README).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Keyring, SealingKey } from '../types.ts';

export type { Keyring, SealingKey } from '../types.ts';

export function sealingKey(key: Buffer): SealingKey {
  if (key.length !== 32) throw new Error('a sealing key is 32 bytes');
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
}

/** A key from its configured form: 32 bytes in base64 (or base64url). */
export function parseSealingKey(text: string): SealingKey {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error('a sealing key is 32 random bytes in base64 (44 characters)');
  return sealingKey(key);
}

export function seal(keyring: Keyring, plaintext: string): string {
  const { id, key } = keyring[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
  return ['v1', id, ...parts].join('.');
}

/** Opens a sealed value; throws when no key of the ring sealed it or it was tampered with. */
export function unseal(keyring: Keyring, sealed: string): string {
  const [version, id, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !id || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('not a sealed value');
  }
  const entry = keyring.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`sealed with an unknown key (${id}); is CREDENTIALS_KEY_PREVIOUS missing?`);
  const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Whether a sealed value was sealed under the ring's current key (rotation re-seals the others). */
export function isCurrent(keyring: Keyring, sealed: string): boolean {
  return sealed.split('.')[1] === keyring[0].id;
}
