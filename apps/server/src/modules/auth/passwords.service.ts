import { randomUUID } from 'node:crypto';
import { AUTH_ERRORS, USER_ERRORS, type ResetLinkReply } from '@academy/contracts/auth';
import { VALIDATION_ERRORS } from '@academy/contracts/errors';
import { normalizePhone } from '@academy/contracts/format';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { waitText, type LimitRule } from '../../lib/limits/limits.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AccessClaims } from '../../lib/tokens.ts';
import { userAccounts } from '../users/index.ts';
import type { AuthDeps } from './auth.deps.ts';
import type { Throttle } from './throttle.service.ts';
import { passwordResets } from './auth.table.ts';
import { canSignIn, isInitialPassword } from './sessions.service.ts';

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/**
 * Find-password is open to anyone and texts a phone: per client address at most 10 requests an
 * hour (answered 429, before any account is looked up), and per account at most 3 reset texts in
 * 10 minutes (silently: the answer must not tell whether the account exists).
 */
export const FIND_PASSWORD_LIMITS = {
  address: { name: 'find-password.address', free: 10, windowMs: 60 * 60_000 },
  account: { name: 'find-password.account', free: 3, windowMs: 10 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/**
 * Passwords: the reset link texted to the account's phone (single use, 30 minutes), and TA
 * password changes (their own with the current one; an admin changes any TA's). A new password
 * ends the account's sessions: all of them when someone else set it, all but the current one when
 * the user changed their own.
 */
export function createPasswordService(deps: AuthDeps & { revokeSessions: (userIds: readonly number[], opts?: { keep?: string }) => Promise<void>; throttle: Throttle }) {
  const { ctx, users, revokeSessions, throttle } = deps;
  const { db, now } = ctx;

  /** A link texted to the phone the account had before its latest change is void. */
  async function madeBeforePhoneChange(link: { userId: number; createdAt: Date }): Promise<boolean> {
    const account = await users.credentials({ id: link.userId });
    return !!account?.phoneChangedAt && account.phoneChangedAt >= link.createdAt;
  }

  return {
    /**
     * Texts a single-use reset link when loginId and phone match an active account. The answer is
     * the same either way, so the call cannot be used to discover accounts.
     */
    async findPassword(input: { loginId: string; phone: string; ip: string; origin: string }): Promise<void> {
      const phone = normalizePhone(input.phone);
      if (!phone) throw appError(VALIDATION_ERRORS.invalid, '전화번호 형식이 올바르지 않습니다 (예: 010-1234-5678)', { field: 'phone' });
      const asked = await ctx.limits.claim([{ rule: FIND_PASSWORD_LIMITS.address, key: input.ip }]);
      if (!asked.ok) throw appError(AUTH_ERRORS.too_many_attempts, `비밀번호 찾기 요청이 너무 많습니다. ${waitText(asked.retryAfterSeconds)} 후 다시 시도해 주세요`);
      const account = await users.credentials({ loginId: input.loginId });
      if (!canSignIn(account) || account.phone !== phone) return;
      const t = now();
      // A number set by staff below ADMIN gets no reset link for a while (docs/DECISIONS.md).
      if (account.resetHeldUntil && account.resetHeldUntil > t) return;
      await db.transaction(async () => {
        // Claimed with the text, so a text that is not queued is not counted.
        if (!(await ctx.limits.claim([{ rule: FIND_PASSWORD_LIMITS.account, key: String(account.id) }])).ok) return;
        const id = randomUUID();
        await db.insert(passwordResets).values({ id, userId: account.id, expiresAt: new Date(t.getTime() + RESET_LINK_TTL_MS), createdAt: t });
        const link = `${input.origin}/link/reset-password/${id}`;
        await ctx.sms.queue({
          toPhone: phone,
          body: `${account.name}님, 비밀번호 재설정 링크입니다(30분간 1회 사용 가능).\n${link}`,
          signed: true,
          secret: true,
          purpose: 'password_reset',
          userId: account.id,
        });
      });
    },

    async checkResetLink(uuid: string): Promise<ResetLinkReply> {
      const [row] = await db
        .select({ userId: passwordResets.userId, loginId: userAccounts.loginId, expiresAt: passwordResets.expiresAt, usedAt: passwordResets.usedAt, createdAt: passwordResets.createdAt })
        .from(passwordResets)
        .innerJoin(userAccounts, eq(userAccounts.id, passwordResets.userId))
        .where(eq(passwordResets.id, uuid))
        .limit(1);
      if (!row || row.usedAt || row.expiresAt <= now() || (await madeBeforePhoneChange(row))) throw resetLinkInvalid();
      return { loginId: maskLoginId(row.loginId), expiresAt: row.expiresAt.toISOString() };
    },

    async resetPasswordViaUuid(input: { uuid: string; newPassword: string }): Promise<void> {
      const hash = await hashPassword(input.newPassword);
      const t = now();
      await db.transaction(async () => {
        const [used] = await db
          .update(passwordResets)
          .set({ usedAt: t })
          .where(and(eq(passwordResets.id, input.uuid), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, t)))
          .returning({ userId: passwordResets.userId, createdAt: passwordResets.createdAt });
        if (!used || (await madeBeforePhoneChange(used))) throw resetLinkInvalid();
        await users.setPasswordHashes([{ id: used.userId, hash }]);
        await revokeSessions([used.userId]);
        const account = (await users.directory([used.userId])).get(used.userId);
        if (account) await throttle.clearAccount(account.loginId);
        await ctx.audit.record({ actorId: used.userId, action: 'password.reset_via_link', entity: 'user', entityId: used.userId });
      });
    },

    /**
     * Anyone signed in changes their own password with the current one (the portal's page). The new
     * one may be neither the current one nor the initial one (phone's last four digits + login id).
     * Every other session of the account ends (a stolen cookie or token with it); this one stays.
     */
    async changeOwnPassword(input: { actor: AccessClaims; currentPassword: string; newPassword: string }): Promise<void> {
      const account = await users.credentials({ id: input.actor.userId });
      if (!account || account.deletedAt) throw appError(USER_ERRORS.not_found, '해당 계정을 찾을 수 없습니다');
      if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
        throw appError(AUTH_ERRORS.current_password_wrong, '현재 비밀번호가 올바르지 않습니다', { field: 'currentPassword' });
      }
      if (input.newPassword === input.currentPassword) {
        throw appError(VALIDATION_ERRORS.invalid, '현재 비밀번호와 다른 비밀번호를 입력해 주세요', { field: 'newPassword' });
      }
      if (isInitialPassword(account, input.newPassword)) {
        throw appError(VALIDATION_ERRORS.invalid, '초기 비밀번호(전화번호 끝 4자리 + 아이디)는 쓸 수 없습니다. 다른 비밀번호를 입력해 주세요', { field: 'newPassword' });
      }
      const hash = await hashPassword(input.newPassword);
      await db.transaction(async () => {
        await users.setPasswordHashes([{ id: account.id, hash }]);
        await revokeSessions([account.id], { keep: input.actor.sessionId });
        await ctx.audit.record({ actorId: account.id, action: 'password.change_own', entity: 'user', entityId: account.id });
      });
    },

    /**
     * A TA changes their own password (current one required; their other sessions end, this one
     * stays); an admin may change any TA's (every session of that TA ends).
     */
    async changeSupervisorPassword(input: { actor: AccessClaims; targetId: number; currentPassword?: string; newPassword: string }): Promise<void> {
      const { actor, targetId } = input;
      const self = actor.userId === targetId;
      const actorIsAdmin = actor.userType === 'ADMIN' || actor.isAdminLevel;
      if (!self && !actorIsAdmin) throw appError(AUTH_ERRORS.forbidden, '다른 조교의 비밀번호는 관리자만 변경할 수 있습니다');
      const target = await users.credentials({ id: targetId });
      if (!target || target.deletedAt) throw appError(USER_ERRORS.not_found, '해당 계정을 찾을 수 없습니다');
      if (!self && target.userType !== 'TA') throw appError(AUTH_ERRORS.forbidden, '조교 계정의 비밀번호만 변경할 수 있습니다');
      if (self) {
        if (!input.currentPassword) throw appError(VALIDATION_ERRORS.invalid, '현재 비밀번호를 입력해 주세요', { field: 'currentPassword' });
        if (!(await verifyPassword(target.passwordHash, input.currentPassword))) {
          throw appError(AUTH_ERRORS.current_password_wrong, '현재 비밀번호가 올바르지 않습니다', { field: 'currentPassword' });
        }
      }
      const hash = await hashPassword(input.newPassword);
      await db.transaction(async () => {
        await users.setPasswordHashes([{ id: targetId, hash }]);
        await revokeSessions([targetId], self ? { keep: actor.sessionId } : {});
        await ctx.audit.record({ actorId: actor.userId, action: self ? 'password.change_own' : 'password.change_by_admin', entity: 'user', entityId: targetId });
      });
    },
  };
}

function resetLinkInvalid() {
  return appError(AUTH_ERRORS.reset_link_invalid, '비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 다시 요청해 주세요');
}

/** "student01" → "stu*****1": enough for the owner to recognise, not enough to harvest. */
function maskLoginId(id: string): string {
  if (id.length <= 3) return `${id[0]}**`;
  return `${id.slice(0, 3)}${'*'.repeat(id.length - 4)}${id.slice(-1)}`;
}
