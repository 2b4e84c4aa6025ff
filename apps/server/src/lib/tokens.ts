import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { UserType } from '@academy/contracts/roles';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 14;

/**
 * `sessionVersion`: the account's session version when the token was issued. Sign-out, revoking
 * sessions, deactivation, a change of role or admin level and a new password raise the account's
 * version, which ends every access token issued before (checked on each request, plugins/auth.ts).
 * Absent means 0. `sessionId`: the sign-in (refresh-token family) the token belongs to, so that a
 * user's own password change can keep this session and end the others.
 */
export type AccessClaims = { userId: number; loginId: string; userType: UserType; isAdminLevel: boolean; sessionVersion?: number; sessionId?: string };

export type TokenSigner = {
  sign: (claims: AccessClaims) => Promise<string>;
  /** Returns the claims, or a reason the token was refused. Synchronous: it runs on every request. */
  verify: (token: string) => { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };
};

/** Tokens verified lately, remembered by their exact text: a client sends the same one for up to 15 minutes. */
const VERIFIED_CACHE_MAX = 20_000;

export function createTokenSigner(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): TokenSigner {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    sign: (c) =>
      new SignJWT({ lid: c.loginId, typ: c.userType, adm: c.isAdminLevel, sv: c.sessionVersion ?? 0, ...(c.sessionId ? { sid: c.sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    // A token whose signature was checked once is the same bytes the next time: only its expiry
    // is looked at again. Refused tokens are not remembered (they cost the full check every time).
    verify: (token) => {
      const hit = verified.get(token);
      if (hit) return hit.exp > Date.now() / 1000 ? { ok: true, claims: hit.claims } : (verified.delete(token), EXPIRED);
      const result = verifyHs256(token, key);
      if (result.ok) {
        if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
        verified.set(token, { claims: Object.freeze(result.claims), exp: result.exp });
      }
      return result.ok ? { ok: true, claims: result.claims } : result;
    },
  };
}

type Verified = { ok: true; claims: AccessClaims; exp: number } | { ok: false; reason: 'expired' | 'invalid' };
const INVALID: Verified = { ok: false, reason: 'invalid' };
const EXPIRED = { ok: false, reason: 'expired' } as const;
const HS256_HEADER = /^\{\s*"alg"\s*:\s*"HS256"\s*(,\s*"typ"\s*:\s*"JWT"\s*)?\}$/;

/**
 * HS256 verification with node:crypto, synchronously: the header must name HS256 and nothing else
 * (no `none`, no other algorithm, no key hints), the signature must match in constant time, and the
 * token must not have expired. jose signs; verifying here costs a few microseconds instead of a
 * round through WebCrypto on every request (issue 17's profile).
 */
function verifyHs256(token: string, key: Uint8Array): Verified {
  const first = token.indexOf('.');
  const second = token.indexOf('.', first + 1);
  if (first <= 0 || second <= first + 1 || token.indexOf('.', second + 1) !== -1) return INVALID;
  const header = Buffer.from(token.slice(0, first), 'base64url').toString('utf8');
  if (!HS256_HEADER.test(header)) return INVALID;
  const signature = Buffer.from(token.slice(second + 1), 'base64url');
  const expected = createHmac('sha256', key).update(token.slice(0, second)).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return INVALID;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(Buffer.from(token.slice(first + 1, second), 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return INVALID;
  }
  if (typeof payload !== 'object' || payload === null) return INVALID;
  if (typeof payload.exp !== 'number') return INVALID;
  if (payload.exp <= Math.floor(Date.now() / 1000)) return EXPIRED;
  const userId = Number(payload.sub);
  const typ = payload.typ;
  if (typeof payload.sub !== 'string' || !Number.isInteger(userId) || (typ !== 'STUDENT' && typ !== 'TA' && typ !== 'ADMIN')) return INVALID;
  const sessionVersion = typeof payload.sv === 'number' && Number.isInteger(payload.sv) ? payload.sv : 0;
  const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
  return { ok: true, exp: payload.exp, claims: { userId, loginId: String(payload.lid ?? ''), userType: typ, isAdminLevel: payload.adm === true, sessionVersion, ...(sessionId ? { sessionId } : {}) } };
}

/** An opaque refresh token and the hash we store for it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
