import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { insertRows } from '../../db/sql.ts';
import type { SessionCache } from './session-cache.ts';
import { accountColumns, users } from './users.table.ts';

export type UserType = 'STUDENT' | 'TA' | 'ADMIN';

/** A new account; the password arrives hashed (who hashes decides the cost, see students' import). */
export type NewAccount = {
  loginId: string;
  passwordHash: string;
  userType: UserType;
  name: string;
  phone?: string | null;
  isActive?: boolean;
  isAdminLevel?: boolean;
  createdBy?: number | null;
  /** The password is the student's initial one (phone's last four digits + login id). */
  passwordInitial?: boolean;
};

/** What sign-in and password checks need: the account with its password hash. Only auth asks for it. */
export type AccountCredentials = {
  id: number;
  loginId: string;
  userType: UserType;
  name: string;
  phone: string | null;
  isActive: boolean;
  isAdminLevel: boolean;
  deletedAt: Date | null;
  passwordHash: string;
  sessionVersion: number;
  phoneChangedAt: Date | null;
  resetHeldUntil: Date | null;
  passwordInitial: boolean;
};

export type AccountProfile = Pick<AccountCredentials, 'id' | 'loginId' | 'name' | 'userType' | 'isAdminLevel' | 'phone' | 'passwordInitial'>;

/** A reset link may not go to a phone that staff below ADMIN set this recently (docs/DECISIONS.md). */
export const RESET_HOLD_AFTER_PHONE_CHANGE_MS = 7 * 86_400_000;

/**
 * Every change to an account, and the reads that need the users table itself (password hashes,
 * login ids of deleted accounts). Each write stamps `updatedAt` and joins the caller's transaction.
 */
export function createAccounts({ ctx, sessions }: { ctx: AppContext; sessions: SessionCache }) {
  const { db } = ctx;
  const credentialColumns = { ...accountColumns, passwordHash: users.passwordHash, passwordInitial: users.passwordInitial, sessionVersion: users.sessionVersion, phoneChangedAt: users.phoneChangedAt, resetHeldUntil: users.resetHeldUntil };
  // Every /me and every sign-in reads one of these: prepared once (db/prepared.ts).
  const credentialsById = preparedQuery('users_credentials_by_id', (h) => h.select(credentialColumns).from(users).where(eq(users.id, sql.placeholder('id'))).limit(1));
  const profileById = preparedQuery('users_profile_by_id', (h) =>
    h.select({ id: users.id, loginId: users.loginId, name: users.name, userType: users.userType, isAdminLevel: users.isAdminLevel, phone: users.phone, passwordInitial: users.passwordInitial })
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
      .limit(1),
  );
  const credentialsByLoginId = preparedQuery('users_credentials_by_login_id', (h) => h.select(credentialColumns).from(users).where(eq(users.loginId, sql.placeholder('loginId'))).limit(1));

  return {
    /** Who is signed in (GET /auth/me, asked by every page load): the account's own fields, without its hash; null when deleted. */
    async profile(id: number): Promise<AccountProfile | null> {
      const [row] = await profileById(db, { id });
      return row ?? null;
    },

    /** The account signing in (by login id) or changing a password (by id), with its hash; null when there is none. */
    async credentials(by: { loginId: string } | { id: number }): Promise<AccountCredentials | null> {
      const [row] = 'loginId' in by ? await credentialsByLoginId(db, { loginId: by.loginId }) : await credentialsById(db, { id: by.id });
      return row ?? null;
    },

    /** The id of the account holding exactly this login id (deleted ones too: a login id is never reused). */
    async loginIdOwner(loginId: string): Promise<number | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.loginId, loginId)).limit(1);
      return row?.id ?? null;
    },

    /** Which of these login ids are taken, compared without case; the answer is lower-cased. */
    async takenLoginIds(loginIds: readonly string[]): Promise<Set<string>> {
      const wanted = [...new Set(loginIds.map((l) => l.toLowerCase()))];
      if (wanted.length === 0) return new Set();
      const lower = sql<string>`lower(${users.loginId})`;
      const rows = await db.select({ loginId: lower }).from(users).where(inArray(lower, wanted));
      return new Set(rows.map((r) => r.loginId));
    },

    /** Creates accounts in one statement (callers chunk very long lists); ids come back in input order. */
    async createAccounts(rows: readonly NewAccount[]): Promise<{ id: number; loginId: string }[]> {
      const now = ctx.now();
      const u = users;
      // One statement however many accounts (an import brings thousands), ids back in order (db/sql.ts).
      return insertRows<{ id: number; loginId: string }>(
        db,
        u,
        [u.loginId, u.passwordHash, u.userType, u.name, u.phone, u.isActive, u.isAdminLevel, u.createdBy, u.passwordInitial, u.createdAt, u.updatedAt],
        rows.map((r) => [r.loginId, r.passwordHash, r.userType, r.name, r.phone ?? null, r.isActive ?? true, r.isAdminLevel ?? false, r.createdBy ?? null, r.passwordInitial ?? false, now, now]),
        { id: u.id, loginId: u.loginId },
      );
    },

    /**
     * Changes name, login id, phone, active state or admin level (실장) of one account (fields left
     * out stay). Deactivation and a change of admin level end the account's access tokens at once
     * (its session version; issue 34 item 2), and auth refuses its refresh tokens, issued for the
     * old level. A new phone number (issue 16: the takeover through find-password) ends
     * every reset link made before it, tells the old number by text, and, when `changedBy` is staff
     * below ADMIN, holds reset links to the new number for 7 days: in that time a forgotten
     * password is reset by an admin.
     */
    async updateAccount(opts: { id: number; changedBy?: number; name?: string; loginId?: string; phone?: string | null; isActive?: boolean; isAdminLevel?: boolean }): Promise<void> {
      const t = ctx.now();
      const [before] = opts.phone === undefined ? [] : await db.select({ phone: users.phone, name: users.name }).from(users).where(eq(users.id, opts.id)).limit(1);
      const phoneChanged = !!before && (opts.phone ?? null) !== before.phone;
      let held = false;
      if (phoneChanged && opts.changedBy !== undefined && opts.changedBy !== opts.id) {
        const [actor] = await db.select({ userType: users.userType, isAdminLevel: users.isAdminLevel }).from(users).where(eq(users.id, opts.changedBy)).limit(1);
        held = !actor || (actor.userType !== 'ADMIN' && !actor.isAdminLevel);
      }
      await db
        .update(users)
        .set({
          ...(opts.name === undefined ? {} : { name: opts.name }),
          ...(opts.loginId === undefined ? {} : { loginId: opts.loginId }),
          ...(opts.phone === undefined ? {} : { phone: opts.phone }),
          ...(phoneChanged ? { phoneChangedAt: t, resetHeldUntil: held && opts.phone ? new Date(t.getTime() + RESET_HOLD_AFTER_PHONE_CHANGE_MS) : null } : {}),
          ...(opts.isActive === undefined ? {} : { isActive: opts.isActive }),
          ...(opts.isAdminLevel === undefined ? {} : { isAdminLevel: opts.isAdminLevel }),
          ...(opts.isActive === false || opts.isAdminLevel !== undefined
            ? { sessionVersion: sql`${users.sessionVersion} + ${opts.isActive === false || opts.isAdminLevel === undefined ? sql`1` : sql`(${users.isAdminLevel} <> ${opts.isAdminLevel})::int`}` }
            : {}),
          updatedAt: t,
        })
        .where(eq(users.id, opts.id));
      if (opts.isActive !== undefined || opts.isAdminLevel !== undefined) sessions.changed([opts.id]);
      if (phoneChanged && before.phone) {
        await ctx.sms.queue({
          toPhone: before.phone,
          body: `${opts.name ?? before.name}님 계정의 전화번호가 변경되었습니다. 직접 요청하지 않았다면 학원에 알려 주세요.`,
          signed: true,
          secret: true,
          purpose: 'phone_changed',
          userId: opts.id,
        });
      }
    },

    /**
     * Is the account of this access token still signed in: active, not deleted, same session
     * version? Asked on every request, so answered from memory (session-cache.ts) after the first,
     * at once (no promise) when it is known.
     */
    sessionAlive(claims: { userId: number; sessionVersion?: number }): boolean | Promise<boolean> {
      const want = claims.sessionVersion ?? 0;
      const v = sessions.version(claims.userId);
      return v instanceof Promise ? v.then((known) => known === want) : v === want;
    },

    /** The session version of an active, not deleted account; null otherwise. The session cache's source. */
    async sessionVersion(userId: number): Promise<number | null> {
      const [row] = await db
        .select({ v: users.sessionVersion })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.isActive, true), isNull(users.deletedAt)))
        .limit(1);
      return row?.v ?? null;
    },

    /** Ends every access token of these accounts (their refresh tokens are auth's to revoke). */
    async endSessions(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(users).set({ sessionVersion: sql`${users.sessionVersion} + 1` }).where(inArray(users.id, [...new Set(ids)]));
      sessions.changed(ids);
    },

    async setActive(opts: { ids: readonly number[]; isActive: boolean }): Promise<void> {
      if (opts.ids.length === 0) return;
      await db
        .update(users)
        .set({ isActive: opts.isActive, updatedAt: ctx.now(), ...(opts.isActive ? {} : { sessionVersion: sql`${users.sessionVersion} + 1` }) })
        .where(inArray(users.id, [...opts.ids]));
      sessions.changed(opts.ids);
    },

    /** Soft delete: the rows and their history stay; the accounts leave lists and sign-in. */
    async softDelete(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(users).set({ deletedAt: ctx.now(), updatedAt: ctx.now(), sessionVersion: sql`${users.sessionVersion} + 1` }).where(and(inArray(users.id, [...ids]), isNull(users.deletedAt)));
      sessions.changed(ids);
    },

    async restore(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.update(users).set({ deletedAt: null, updatedAt: ctx.now() }).where(and(inArray(users.id, [...ids]), isNotNull(users.deletedAt)));
      sessions.changed(ids);
    },

    /**
     * New password hashes, one statement for any number of accounts. Every access token of these
     * accounts ends with it (their session version); refresh tokens are auth's to revoke.
     * `initial` says the new password is the student's initial one (a staff reset); default false.
     */
    async setPasswordHashes(entries: readonly { id: number; hash: string; initial?: boolean }[]): Promise<void> {
      if (entries.length === 0) return;
      await db.execute(sql`
        update ${users} set ${sql.identifier(users.passwordHash.name)} = v.hash, ${sql.identifier(users.passwordInitial.name)} = v.initial,
               ${sql.identifier(users.updatedAt.name)} = ${ctx.now()},
               ${sql.identifier(users.sessionVersion.name)} = ${users.sessionVersion} + 1
          from unnest(${sql.param(entries.map((e) => e.id))}::int[], ${sql.param(entries.map((e) => e.hash))}::text[],
                      ${sql.param(entries.map((e) => e.initial ?? false))}::boolean[]) as v(id, hash, initial)
         where ${users.id} = v.id`);
      sessions.changed(entries.map((e) => e.id));
    },

    /** Records whether the password a user just signed in with is their initial one. */
    async markPasswordInitial(opts: { id: number; initial: boolean }): Promise<void> {
      await db.update(users).set({ passwordInitial: opts.initial }).where(and(eq(users.id, opts.id), sql`${users.passwordInitial} <> ${opts.initial}`));
    },
  };
}
