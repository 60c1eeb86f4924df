/**
 * How a webhook request is signed and checked. An outside system sends
 *
 *     Webhook-Timestamp: <unix seconds>
 *     Webhook-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>
 *
 * The HMAC covers the body exactly as sent (its bytes, before any JSON parsing) and the timestamp,
 * so neither can be changed; a timestamp more than five minutes from the server's clock (either
 * way) is refused, so a captured request cannot be sent again later, and within those minutes the
 * server answers a second copy as a duplicate (webhook-service.ts). During a secret's rotation a
 * sender may put several signatures in the header (`v1=… v1=…`, separated by spaces or commas):
 * one that matches is enough. Exported for the tests, the bench and the README's example.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** `whsec_` followed by 32 random bytes in base64url (256 bits). */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{43}$/;
/** How far the request's timestamp may be from the server's clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** The largest body a webhook endpoint accepts. */
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;
/** At most this many signatures in one header are looked at. */
const MAX_SIGNATURES = 8;

export const TIMESTAMP_HEADER = 'Webhook-Timestamp';
export const SIGNATURE_HEADER = 'Webhook-Signature';

/** A new signing secret; shown once, kept sealed (lib/sealed.ts) because checking needs it. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/** The visible beginning of a secret (`whsec_Xk3p`), for telling secrets apart. */
export function webhookSecretPrefix(secret: string): string {
  return secret.slice(0, WEBHOOK_SECRET_PREFIX.length + 4);
}

/** The hex HMAC-SHA256 of `<timestamp>.<body>` under `secret` (a string body counts as UTF-8). */
export function webhookDigest(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`, 'utf8');
  return (typeof body === 'string' ? hmac.update(body, 'utf8') : hmac.update(body)).digest('hex');
}

/** The headers of a signed request, as a sender adds them (`now` in milliseconds, default the clock). */
export function signWebhook(secret: string, body: string, now: number = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return { [TIMESTAMP_HEADER]: timestamp, [SIGNATURE_HEADER]: `v1=${webhookDigest(secret, timestamp, body)}` };
}

export type SignedRequest = {
  timestamp: string | undefined;
  signature: string | undefined;
  /** The body's bytes exactly as received. */
  body: string | Uint8Array;
};

/**
 * The signature that matched (`v1=<lower-case hex>`), or null when the request is not signed with
 * `secret` at a time within the tolerance of `now` (milliseconds). Why it failed is not told: the
 * caller answers one 401 for all. The comparison takes the same time wherever the digests differ.
 * The matched signature identifies the request (timestamp and body) whatever else the header
 * holds, so the replay check keys on it, not on the header's text.
 */
export function verifyWebhook(secret: string, request: SignedRequest, now: number): string | null {
  const { timestamp, signature, body } = request;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp.trim()) || !signature) return null;
  const seconds = Number(timestamp.trim());
  if (Math.abs(now / 1000 - seconds) > WEBHOOK_TOLERANCE_SECONDS) return null;
  const expected = Buffer.from(webhookDigest(secret, timestamp.trim(), body), 'hex');
  const candidates = signature
    .split(/[\s,]+/)
    .filter((part) => part.startsWith('v1='))
    .slice(0, MAX_SIGNATURES);
  let matched: string | null = null;
  for (const candidate of candidates) {
    const hex = candidate.slice(3);
    if (!/^[0-9a-fA-F]{64}$/.test(hex)) continue;
    // Every candidate is compared, so the time taken does not tell which one matched.
    if (timingSafeEqual(Buffer.from(hex, 'hex'), expected) && !matched) matched = `v1=${hex.toLowerCase()}`;
  }
  return matched;
}

/** What the replay check stores of a matched signature: its SHA-256, hex. */
export function signatureHash(matched: string): string {
  return createHash('sha256').update(matched).digest('hex');
}
