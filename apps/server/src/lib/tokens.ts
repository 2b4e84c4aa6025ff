import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { UserType } from '@academy/contracts/roles';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 14;

/**
 * `sessionVersion`: the account's session version when the token was issued. Sign-out, revoking
 * sessions and deactivation raise the account's version, which ends every access token issued
 * before (checked on each request, plugins/auth.ts). Absent means 0.
 */
export type AccessClaims = { userId: number; loginId: string; userType: UserType; isAdminLevel: boolean; sessionVersion?: number };

export type TokenSigner = {
  sign: (claims: AccessClaims) => Promise<string>;
  /** Returns the claims, or a reason the token was refused. */
  verify: (token: string) => Promise<{ ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' }>;
};

export function createTokenSigner(secret: string, ttlSeconds = ACCESS_TOKEN_TTL_SECONDS): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (c) =>
      new SignJWT({ lid: c.loginId, typ: c.userType, adm: c.isAdminLevel, sv: c.sessionVersion ?? 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const typ = payload.typ;
        if (!Number.isInteger(userId) || (typ !== 'STUDENT' && typ !== 'TA' && typ !== 'ADMIN')) return { ok: false, reason: 'invalid' };
        const sessionVersion = typeof payload.sv === 'number' && Number.isInteger(payload.sv) ? payload.sv : 0;
        return { ok: true, claims: { userId, loginId: String(payload.lid ?? ''), userType: typ, isAdminLevel: payload.adm === true, sessionVersion } };
      } catch (e) {
        return { ok: false, reason: e instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

/** An opaque refresh token and the hash we store for it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
