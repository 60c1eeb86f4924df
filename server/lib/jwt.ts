import { createHmac, timingSafeEqual } from 'node:crypto';

/** Claims every token of ours carries; `aud` tells session tokens and support tokens apart. */
export type TokenClaims = {
  sub: string;
  aud: string;
  iat: number;
  exp: number;
  jti?: string;
  [claim: string]: unknown;
};

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

function signature(input: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** Signs claims as a compact HS256 JSON Web Token. */
export function signToken(claims: TokenClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const input = `${HEADER}.${body}`;
  return `${input}.${signature(input, secret).toString('base64url')}`;
}

export type VerifyResult =
  { ok: true; claims: TokenClaims } | { ok: false; reason: 'malformed' | 'signature' | 'audience' | 'expired' };

/** Verifies signature, algorithm, audience and expiry (at `now`, in seconds). */
export function verifyToken(token: string, secret: string, audience: string, now = Date.now() / 1000): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return { ok: false, reason: 'malformed' };
  const [header, body, sig] = parts as [string, string, string];
  // Only our own header is accepted, which rules out `alg: none` and algorithm confusion.
  if (header !== HEADER) return { ok: false, reason: 'malformed' };
  const expected = signature(`${header}.${body}`, secret);
  const actual = Buffer.from(sig, 'base64url');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) {
    return { ok: false, reason: 'signature' };
  }
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenClaims;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (
    typeof claims !== 'object' ||
    claims === null ||
    typeof claims.sub !== 'string' ||
    typeof claims.exp !== 'number'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  if (claims.aud !== audience) return { ok: false, reason: 'audience' };
  if (claims.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
