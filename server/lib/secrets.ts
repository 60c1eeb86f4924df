import { createHash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'aik_';
/** `aik_` followed by 32 random bytes in base64url (256 bits; the spec asks for at least 128). */
export const API_KEY_PATTERN = /^aik_[A-Za-z0-9_-]{43}$/;

export const AGENT_TOKEN_PREFIX = 'agt_';
/** `agt_` followed by 32 random bytes in base64url, like API keys: an agent's token. */
export const AGENT_TOKEN_PATTERN = /^agt_[A-Za-z0-9_-]{43}$/;

export const CONTENT_KEY_PREFIX = 'cak_';
/** `cak_` followed by 32 random bytes in base64url: a key a public site reads published content with. */
export const CONTENT_KEY_PATTERN = /^cak_[A-Za-z0-9_-]{43}$/;

/** Creates a new content key secret. It is shown once and never stored. */
export function generateContentKeySecret(): string {
  return CONTENT_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/** Creates a new agent token secret. It is shown once and never stored. */
export function generateAgentTokenSecret(): string {
  return AGENT_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Creates a new API key secret. It is shown to its owner once and never stored. */
export function generateApiKeySecret(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a secret, hex. A fast hash is right here: the secret has 256 bits of entropy, so
 * there is nothing to guess, and the lookup sits on every request's hot path.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The visible beginning of a key, for telling keys apart in lists. */
export function secretPrefix(secret: string): string {
  return secret.slice(0, API_KEY_PREFIX.length + 6);
}

/** A random secret for signing tokens. */
export function generateSigningSecret(): string {
  return randomBytes(48).toString('base64url');
}
