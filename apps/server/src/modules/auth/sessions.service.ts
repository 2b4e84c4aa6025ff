import { randomUUID } from 'node:crypto';
import { AUTH_ERRORS, SESSION_ERRORS, USER_ERRORS, type Me, type TokenReply } from '@academy/contracts/auth';
import { formatPhone } from '@academy/contracts/format';
import { initialStudentPassword } from '@academy/contracts/students';
import { and, eq, inArray, isNull, lt, ne } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_DAYS, type AccessClaims } from '../../lib/tokens.ts';
import type { AccountCredentials } from '../users/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import { refreshTokens } from './auth.table.ts';
import type { Throttle } from './throttle.service.ts';

/** How long a just-rotated refresh token still works (two tabs refreshing at once). */
export const REFRESH_GRACE_MS = 10_000;

const WRONG_CREDENTIALS = '아이디 또는 비밀번호가 올바르지 않습니다';
const INACTIVE = '비활성화된 계정입니다. 학원에 문의해 주세요';

export type Session = { reply: TokenReply; refreshToken: string; refreshExpiresAt: Date };
type SessionAccount = Pick<AccountCredentials, 'id' | 'loginId' | 'userType' | 'isAdminLevel' | 'isActive' | 'deletedAt' | 'sessionVersion'>;

/** A student's password is "initial" while it equals their phone's last four digits + login id, whoever set it. */
export function isInitialPassword(account: Pick<AccountCredentials, 'userType' | 'phone' | 'loginId'>, password: string): boolean {
  return account.userType === 'STUDENT' && !!account.phone && password === initialStudentPassword({ phone: account.phone, loginId: account.loginId });
}

export const canSignIn = (a: SessionAccount | null): a is SessionAccount => !!a && a.isActive && !a.deletedAt;

/**
 * Sessions: sign-in (throttled by throttle.service.ts), refresh-token rotation with reuse detection, sign-out,
 * revoking a user's sessions, and who is signed in.
 */
export function createSessionService({ ctx, users, throttle }: AuthDeps & { throttle: Throttle }) {
  const { db, signer, now } = ctx;

  async function issueSession(account: SessionAccount, familyId: string): Promise<Session> {
    const claims: AccessClaims = {
      userId: account.id, loginId: account.loginId, userType: account.userType, isAdminLevel: account.isAdminLevel, sessionVersion: account.sessionVersion, sessionId: familyId,
    };
    const accessToken = await signer.sign(claims);
    const { token, hash } = newRefreshToken();
    const refreshExpiresAt = new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * 86400_000);
    await db.insert(refreshTokens).values({ tokenHash: hash, userId: account.id, familyId, userType: account.userType, isAdminLevel: account.isAdminLevel, expiresAt: refreshExpiresAt });
    return {
      reply: { accessToken, userType: account.userType, ...(account.userType === 'TA' ? { taInfo: { isAdminLevel: account.isAdminLevel } } : {}) },
      refreshToken: token,
      refreshExpiresAt,
    };
  }

  /**
   * Ends every open session of these users: their refresh tokens and access tokens stop working, and
   * their realtime streams close (plugins/realtime.ts). `keep` spares one sign-in (refresh-token
   * family): the user's own password change keeps the session it was made in, whose next request
   * refreshes its access token.
   */
  async function revokeSessions(userIds: readonly number[], opts: { keep?: string } = {}): Promise<void> {
    if (userIds.length === 0) return;
    await users.endSessions(userIds);
    await db
      .update(refreshTokens)
      .set({ revokedAt: now() })
      .where(and(inArray(refreshTokens.userId, [...new Set(userIds)]), isNull(refreshTokens.revokedAt), opts.keep ? ne(refreshTokens.familyId, opts.keep) : undefined));
  }

  return {
    revokeSessions,

    async login(input: { loginId: string; password: string; ip: string }): Promise<Session> {
      const claim = await throttle.claim(input);
      const account = await users.credentials({ loginId: input.loginId });
      const ok = account ? await verifyPassword(account.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
      if (!ok || !account) throw appError(AUTH_ERRORS.invalid_credentials, WRONG_CREDENTIALS);
      await throttle.succeeded(claim);
      if (!canSignIn(account)) throw appError(AUTH_ERRORS.account_inactive, INACTIVE);
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
        // Two tabs refreshing at once: the one that lost the race presents the token the other
        // just rotated. Within a few seconds that is the same browser, not a thief: it gets a
        // session of its own in the family instead of ending both.
        if (current.usedAt && !current.revokedAt && t.getTime() - current.usedAt.getTime() <= REFRESH_GRACE_MS && current.expiresAt > t) {
          return { kind: 'ok' as const, userId: current.userId, familyId: current.familyId, issuedFor: current };
        }
        if (current.usedAt || current.revokedAt) {
          await db.update(refreshTokens).set({ revokedAt: t }).where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
          await users.endSessions([current.userId]);
          return { kind: 'reused' as const };
        }
        if (current.expiresAt <= t) return { kind: 'expired' as const };
        // Conditional update: of two concurrent refreshes with the same token, only one wins.
        const marked = await db
          .update(refreshTokens)
          .set({ usedAt: t })
          .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning({ familyId: refreshTokens.familyId });
        if (marked.length === 0) {
          // Another refresh with this token won a moment ago (the grace above), unless it was revoked.
          const [now_] = await db.select({ revokedAt: refreshTokens.revokedAt }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
          if (now_?.revokedAt) return { kind: 'reused' as const };
        }
        return { kind: 'ok' as const, userId: current.userId, familyId: current.familyId, issuedFor: current };
      });
      if (claimed.kind === 'reused') throw appError(SESSION_ERRORS.refresh_reused, '보안을 위해 로그아웃되었습니다. 다시 로그인해 주세요');
      if (claimed.kind !== 'ok') throw appError(SESSION_ERRORS.refresh_invalid, '로그인이 만료되었습니다. 다시 로그인해 주세요');
      const account = await users.credentials({ id: claimed.userId });
      if (!canSignIn(account)) {
        await db.update(refreshTokens).set({ revokedAt: t }).where(eq(refreshTokens.familyId, claimed.familyId));
        throw appError(SESSION_ERRORS.account_inactive, INACTIVE);
      }
      // A sign-in made for another role or admin level (issue 34 item 2: a demoted 실장) ends here.
      if (account.userType !== claimed.issuedFor.userType || account.isAdminLevel !== claimed.issuedFor.isAdminLevel) {
        await db.update(refreshTokens).set({ revokedAt: t }).where(eq(refreshTokens.familyId, claimed.familyId));
        throw appError(SESSION_ERRORS.refresh_invalid, '계정의 권한이 바뀌었습니다. 다시 로그인해 주세요');
      }
      return issueSession(account!, claimed.familyId);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const [current] = await db.select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token))).limit(1);
      if (!current) return;
      await db.update(refreshTokens).set({ revokedAt: now() }).where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
      // The access tokens end too; the account's other devices get new ones at their next refresh.
      await users.endSessions([current.userId]);
    },

    async me(userId: number): Promise<Me> {
      const u = await users.profile(userId);
      if (!u) throw appError(USER_ERRORS.not_found, '해당 계정을 찾을 수 없습니다');
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

    /** Housekeeping: dead tokens need not be kept (the throttle's counters are the kernel's to prune). */
    async prune(): Promise<void> {
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now()));
    },
  };
}
