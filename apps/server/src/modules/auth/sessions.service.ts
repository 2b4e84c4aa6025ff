import { randomUUID } from 'node:crypto';
import { AUTH_ERRORS, SESSION_ERRORS, USER_ERRORS, type Me, type TokenReply } from '@academy/contracts/auth';
import { formatPhone } from '@academy/contracts/format';
import { initialStudentPassword } from '@academy/contracts/students';
import { and, count, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_DAYS, type AccessClaims } from '../../lib/tokens.ts';
import { userAccounts, type AccountCredentials } from '../users/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { loginFailures, refreshTokens } from './auth.table.ts';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 10 * 60 * 1000;

const WRONG_CREDENTIALS = '아이디 또는 비밀번호가 올바르지 않습니다';
const INACTIVE = '비활성화된 계정입니다. 학원에 문의해 주세요';

export type Session = { reply: TokenReply; refreshToken: string; refreshExpiresAt: Date };
type SessionAccount = Pick<AccountCredentials, 'id' | 'loginId' | 'userType' | 'isAdminLevel' | 'isActive' | 'deletedAt'>;

/** A student's password is "initial" while it equals their phone's last four digits + login id, whoever set it. */
export function isInitialPassword(account: Pick<AccountCredentials, 'userType' | 'phone' | 'loginId'>, password: string): boolean {
  return account.userType === 'STUDENT' && !!account.phone && password === initialStudentPassword({ phone: account.phone, loginId: account.loginId });
}

export const canSignIn = (a: SessionAccount | null): a is SessionAccount => !!a && a.isActive && !a.deletedAt;

/**
 * Sessions: sign-in (throttled per login id), refresh-token rotation with reuse detection, sign-out,
 * revoking a user's sessions, and who is signed in.
 */
export function createSessionService({ ctx, users }: AuthDeps) {
  const { db, signer, now } = ctx;

  async function issueSession(account: SessionAccount, familyId: string): Promise<Session> {
    const claims: AccessClaims = { userId: account.id, loginId: account.loginId, userType: account.userType, isAdminLevel: account.isAdminLevel };
    const accessToken = await signer.sign(claims);
    const { token, hash } = newRefreshToken();
    const refreshExpiresAt = new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * 86400_000);
    await db.insert(refreshTokens).values({ tokenHash: hash, userId: account.id, familyId, expiresAt: refreshExpiresAt });
    return {
      reply: { accessToken, userType: account.userType, ...(account.userType === 'TA' ? { taInfo: { isAdminLevel: account.isAdminLevel } } : {}) },
      refreshToken: token,
      refreshExpiresAt,
    };
  }

  /** Ends every open session of these users (their refresh tokens stop working). */
  async function revokeSessions(userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await db.update(refreshTokens).set({ revokedAt: now() }).where(and(inArray(refreshTokens.userId, [...new Set(userIds)]), isNull(refreshTokens.revokedAt)));
  }

  return {
    revokeSessions,

    async login(input: { loginId: string; password: string }): Promise<Session> {
      const since = new Date(now().getTime() - LOGIN_WINDOW_MS);
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.loginId, input.loginId), gt(loginFailures.createdAt, since)));
      if ((row?.n ?? 0) >= LOGIN_MAX_FAILURES) {
        throw appError(AUTH_ERRORS.too_many_attempts, '로그인 시도가 너무 많습니다. 10분 후 다시 시도해 주세요');
      }
      const account = await users.credentials({ loginId: input.loginId });
      const ok = account ? await verifyPassword(account.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
      if (!ok || !account) {
        await db.insert(loginFailures).values({ loginId: input.loginId, createdAt: now() });
        throw appError(AUTH_ERRORS.invalid_credentials, WRONG_CREDENTIALS);
      }
      if (!canSignIn(account)) throw appError(AUTH_ERRORS.account_inactive, INACTIVE);
      await db.delete(loginFailures).where(eq(loginFailures.loginId, input.loginId));
      await users.markPasswordInitial({ id: account.id, initial: isInitialPassword(account, input.password) });
      return issueSession(account, randomUUID());
    },

    /**
     * Rotates a refresh token. A token seen twice means someone else holds a copy: the whole
     * family is revoked and both holders must sign in again.
     */
    async refresh(token: string | undefined): Promise<Session> {
      if (!token) throw appError(SESSION_ERRORS.refresh_missing, '로그인이 필요합니다');
      const hash = hashToken(token);
      const t = now();
      const claimed = await db.transaction(async () => {
        const [current] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
        if (!current) return { kind: 'unknown' as const };
        if (current.usedAt || current.revokedAt) {
          await db.update(refreshTokens).set({ revokedAt: t }).where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
          return { kind: 'reused' as const };
        }
        if (current.expiresAt <= t) return { kind: 'expired' as const };
        // Conditional update: of two concurrent refreshes with the same token, only one wins.
        const marked = await db
          .update(refreshTokens)
          .set({ usedAt: t })
          .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning({ familyId: refreshTokens.familyId });
        if (marked.length === 0) return { kind: 'reused' as const };
        return { kind: 'ok' as const, userId: current.userId, familyId: current.familyId };
      });
      if (claimed.kind === 'reused') throw appError(SESSION_ERRORS.refresh_reused, '보안을 위해 로그아웃되었습니다. 다시 로그인해 주세요');
      if (claimed.kind !== 'ok') throw appError(SESSION_ERRORS.refresh_invalid, '로그인이 만료되었습니다. 다시 로그인해 주세요');
      const [account] = await db.select().from(userAccounts).where(eq(userAccounts.id, claimed.userId)).limit(1);
      if (!canSignIn(account ?? null)) {
        await db.update(refreshTokens).set({ revokedAt: t }).where(eq(refreshTokens.familyId, claimed.familyId));
        throw appError(SESSION_ERRORS.account_inactive, INACTIVE);
      }
      return issueSession(account!, claimed.familyId);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const [current] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token))).limit(1);
      if (current) await db.update(refreshTokens).set({ revokedAt: now() }).where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
    },

    async me(userId: number): Promise<Me> {
      const u = await users.credentials({ id: userId });
      if (!u || u.deletedAt) throw appError(USER_ERRORS.not_found, '해당 계정을 찾을 수 없습니다');
      return {
        id: u.id,
        loginId: u.loginId,
        name: u.name,
        userType: u.userType,
        isAdminLevel: u.isAdminLevel,
        phone: u.phone ? formatPhone(u.phone) : null,
        passwordIsInitial: u.passwordInitial,
      };
    },

    /** Housekeeping: old failures and dead tokens need not be kept. */
    async prune(): Promise<void> {
      const t = now();
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(t.getTime() - LOGIN_WINDOW_MS)));
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, t));
    },
  };
}
