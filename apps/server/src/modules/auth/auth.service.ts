import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { formatPhone, normalizePhone } from '@academy/contracts/format';
import type { TokenReply } from '@academy/contracts/auth';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newRefreshToken, REFRESH_TOKEN_TTL_DAYS, type AccessClaims } from '../../lib/tokens.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { queueSms } from '../../lib/sms/outbox.ts';
import { users, type UserRow } from '../users/users.table.ts';
import { loginFailures, passwordResets, refreshTokens } from './auth.table.ts';

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 10 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
const RESET_MAX_PER_WINDOW = 3;

const WRONG_CREDENTIALS = '아이디 또는 비밀번호가 올바르지 않습니다';

export type Session = { reply: TokenReply; refreshToken: string; refreshExpiresAt: Date };

export function createAuthService(ctx: AppContext) {
  const { db, signer, now } = ctx;

  async function issueSession(user: UserRow, familyId: string): Promise<Session> {
    const claims: AccessClaims = { userId: user.id, loginId: user.loginId, userType: user.userType, isAdminLevel: user.isAdminLevel };
    const accessToken = await signer.sign(claims);
    const { token, hash } = newRefreshToken();
    const refreshExpiresAt = new Date(now().getTime() + REFRESH_TOKEN_TTL_DAYS * 86400_000);
    await db.insert(refreshTokens).values({ tokenHash: hash, userId: user.id, familyId, expiresAt: refreshExpiresAt });
    return {
      reply: { accessToken, userType: user.userType, ...(user.userType === 'TA' ? { taInfo: { isAdminLevel: user.isAdminLevel } } : {}) },
      refreshToken: token,
      refreshExpiresAt,
    };
  }

  function canSignIn(user: UserRow | undefined): user is UserRow {
    return !!user && user.isActive && !user.deletedAt;
  }

  return {
    async login(input: { loginId: string; password: string }): Promise<Session> {
      const since = new Date(now().getTime() - LOGIN_WINDOW_MS);
      const [row] = await db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.loginId, input.loginId), gt(loginFailures.createdAt, since)));
      if ((row?.n ?? 0) >= LOGIN_MAX_FAILURES) {
        throw tooMany('auth.too_many_attempts', '로그인 시도가 너무 많습니다. 10분 후 다시 시도해 주세요');
      }
      const [user] = await db.select().from(users).where(eq(users.loginId, input.loginId)).limit(1);
      const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
      if (!ok || !user) {
        await db.insert(loginFailures).values({ loginId: input.loginId, createdAt: now() });
        throw unauthorized('auth.invalid_credentials', WRONG_CREDENTIALS);
      }
      if (!canSignIn(user)) {
        throw new AppError({ code: 'auth.account_inactive', status: 403, message: '비활성화된 계정입니다. 학원에 문의해 주세요' });
      }
      await db.delete(loginFailures).where(eq(loginFailures.loginId, input.loginId));
      return issueSession(user, randomUUID());
    },

    /**
     * Rotates a refresh token. A token seen twice means someone else holds a copy: the whole
     * family is revoked and both holders must sign in again.
     */
    async refresh(token: string | undefined): Promise<Session> {
      if (!token) throw unauthorized('auth.refresh_missing', '로그인이 필요합니다');
      const hash = hashToken(token);
      const t = now();
      const claimed = await db.transaction(async (tx) => {
        const [current] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hash)).limit(1);
        if (!current) return { kind: 'unknown' as const };
        if (current.usedAt || current.revokedAt) {
          await tx.update(refreshTokens).set({ revokedAt: t }).where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
          return { kind: 'reused' as const };
        }
        if (current.expiresAt <= t) return { kind: 'expired' as const };
        // Conditional update: of two concurrent refreshes with the same token, only one wins.
        const marked = await tx
          .update(refreshTokens)
          .set({ usedAt: t })
          .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
          .returning({ familyId: refreshTokens.familyId });
        if (marked.length === 0) return { kind: 'reused' as const };
        return { kind: 'ok' as const, userId: current.userId, familyId: current.familyId };
      });
      if (claimed.kind === 'reused') throw unauthorized('auth.refresh_reused', '보안을 위해 로그아웃되었습니다. 다시 로그인해 주세요');
      if (claimed.kind !== 'ok') throw unauthorized('auth.refresh_invalid', '로그인이 만료되었습니다. 다시 로그인해 주세요');
      const [user] = await db.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
      if (!canSignIn(user)) {
        await db.update(refreshTokens).set({ revokedAt: t }).where(eq(refreshTokens.familyId, claimed.familyId));
        throw unauthorized('auth.account_inactive', '비활성화된 계정입니다. 학원에 문의해 주세요');
      }
      return issueSession(user, claimed.familyId);
    },

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const [current] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token))).limit(1);
      if (current) await db.update(refreshTokens).set({ revokedAt: now() }).where(and(eq(refreshTokens.familyId, current.familyId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Texts a single-use reset link when loginId and phone match an active account. The answer is
     * the same either way, so the call cannot be used to discover accounts.
     */
    async findPassword(input: { loginId: string; phone: string; origin: string }): Promise<void> {
      const phone = normalizePhone(input.phone);
      if (!phone) throw badRequest('validation.invalid', 'phone: 전화번호 형식이 올바르지 않습니다 (예: 010-1234-5678)');
      const [user] = await db.select().from(users).where(eq(users.loginId, input.loginId)).limit(1);
      if (!canSignIn(user) || user.phone !== phone) return;
      const t = now();
      await db.transaction(async (tx) => {
        const [recent] = await tx
          .select({ n: count() })
          .from(passwordResets)
          .where(and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(t.getTime() - LOGIN_WINDOW_MS))));
        if ((recent?.n ?? 0) >= RESET_MAX_PER_WINDOW) return;
        const id = randomUUID();
        await tx.insert(passwordResets).values({ id, userId: user.id, expiresAt: new Date(t.getTime() + RESET_LINK_TTL_MS), createdAt: t });
        const link = `${input.origin}/link/reset-password/${id}`;
        await queueSms(tx, {
          toPhone: phone,
          body: `[학원] ${user.name}님, 비밀번호 재설정 링크입니다(30분간 1회 사용 가능).\n${link}`,
          purpose: 'password_reset',
          userId: user.id,
        });
      });
    },

    async checkResetLink(uuid: string): Promise<{ loginId: string; expiresAt: Date }> {
      const [row] = await db
        .select({ loginId: users.loginId, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(eq(passwordResets.id, uuid))
        .limit(1);
      if (!row || row.usedAt || row.expiresAt <= now()) throw resetLinkInvalid();
      return { loginId: maskLoginId(row.loginId), expiresAt: row.expiresAt };
    },

    async resetPasswordViaUuid(input: { uuid: string; newPassword: string }): Promise<void> {
      const passwordHash = await hashPassword(input.newPassword);
      const t = now();
      await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: t })
          .where(and(eq(passwordResets.id, input.uuid), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, t)))
          .returning({ userId: passwordResets.userId });
        if (!used) throw resetLinkInvalid();
        await tx.update(users).set({ passwordHash, updatedAt: t }).where(eq(users.id, used.userId));
        await tx.update(refreshTokens).set({ revokedAt: t }).where(and(eq(refreshTokens.userId, used.userId), isNull(refreshTokens.revokedAt)));
        const [u] = await tx.select({ loginId: users.loginId }).from(users).where(eq(users.id, used.userId));
        if (u) await tx.delete(loginFailures).where(eq(loginFailures.loginId, u.loginId));
        await recordAudit(tx, { actorId: used.userId, action: 'password.reset_via_link', entity: 'user', entityId: used.userId });
      });
    },

    /** A TA changes their own password (current one required); an admin may change any TA's. */
    async changeSupervisorPassword(input: { actor: AccessClaims; targetId: number; currentPassword?: string; newPassword: string }): Promise<void> {
      const { actor, targetId } = input;
      const self = actor.userId === targetId;
      const actorIsAdmin = actor.userType === 'ADMIN' || actor.isAdminLevel;
      if (!self && !actorIsAdmin) throw forbidden('auth.forbidden', '다른 조교의 비밀번호는 관리자만 변경할 수 있습니다');
      const [target] = await db.select().from(users).where(eq(users.id, targetId)).limit(1);
      if (!target || target.deletedAt) throw notFound('users.not_found', '해당 계정을 찾을 수 없습니다');
      if (!self && target.userType !== 'TA') throw forbidden('auth.forbidden', '조교 계정의 비밀번호만 변경할 수 있습니다');
      if (self) {
        if (!input.currentPassword) throw badRequest('validation.invalid', 'currentPassword: 현재 비밀번호를 입력해 주세요');
        if (!(await verifyPassword(target.passwordHash, input.currentPassword))) {
          throw badRequest('auth.current_password_wrong', 'currentPassword: 현재 비밀번호가 올바르지 않습니다');
        }
      }
      const passwordHash = await hashPassword(input.newPassword);
      const t = now();
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, updatedAt: t }).where(eq(users.id, targetId));
        if (!self) await tx.update(refreshTokens).set({ revokedAt: t }).where(and(eq(refreshTokens.userId, targetId), isNull(refreshTokens.revokedAt)));
        await recordAudit(tx, { actorId: actor.userId, action: self ? 'password.change_own' : 'password.change_by_admin', entity: 'user', entityId: targetId });
      });
    },

    async me(userId: number) {
      const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!u || u.deletedAt) throw notFound('users.not_found', '해당 계정을 찾을 수 없습니다');
      return { id: u.id, loginId: u.loginId, name: u.name, userType: u.userType, isAdminLevel: u.isAdminLevel, phone: u.phone ? formatPhone(u.phone) : null };
    },

    /** Housekeeping: old failures and dead tokens need not be kept. */
    async prune(): Promise<void> {
      const t = now();
      await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(t.getTime() - LOGIN_WINDOW_MS)));
      await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, t));
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function resetLinkInvalid() {
  return badRequest('auth.reset_link_invalid', '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 다시 요청해 주세요');
}

/** "student01" → "stu*****1": enough for the owner to recognise, not enough to harvest. */
function maskLoginId(id: string): string {
  if (id.length <= 3) return `${id[0]}**`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 4)}${id.slice(-1)}`;
}
