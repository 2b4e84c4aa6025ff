import type { ErrorSpec } from '@academy/contracts/errors';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { missingIds } from '../../db/exists.ts';
import { appError } from '../../lib/errors.ts';
import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { usersResource } from './users.resource.ts';
import { createAccounts } from './accounts.ts';
import { createSessionCache } from './session-cache.ts';
import { ensureInitialAdmin, largeAccountsStep, seedDemoAccounts } from './users.seed.ts';
import { userAccounts } from './users.table.ts';

export { DEMO_ACCOUNTS } from './users.seed.ts';
export type { AccountCredentials, NewAccount } from './accounts.ts';

/** Read-only view of the accounts for other modules' joins (no password hash). */
export { userAccounts };

export type AccountSummary = { id: number; name: string; loginId: string; phone: string | null; userType: 'STUDENT' | 'TA' | 'ADMIN' };
export type UsersModule = ReturnType<typeof createUsersModule>;

/**
 * Accounts (students, TAs and admins share one id space). Other modules look accounts up and check
 * ids here, or join the `userAccounts` view; they never write the users table themselves: creating
 * accounts, changing name/phone/login id/state, soft delete and password hashes are functions here
 * (accounts.ts).
 */
export function createUsersModule({ ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  const sessions = createSessionCache({ listen: ctx.listen, load: (id) => accounts.sessionVersion(id) });
  const accounts = createAccounts({ ctx, sessions });

  return {
    ...accounts,
    register(app) {
      registerResource(app, usersResource);
    },
    /** Follows committed session changes of every account, on every instance (session-cache.ts `watch`). */
    watchSessions: (fn: (userId: number | null) => void) => sessions.watch(fn),
    start: () => sessions.start(),
    stop: () => sessions.stop(),
    seed: { demo: (seed) => seedDemoAccounts(ctx, seed), large: largeAccountsStep },

    async hasAccounts(): Promise<boolean> {
      const [row] = await db.select({ n: count() }).from(userAccounts);
      return (row?.n ?? 0) > 0;
    },

    /** The first admin of a real database, from ADMIN_LOGIN_ID/ADMIN_PASSWORD (never a default password). */
    ensureInitialAdmin: () => ensureInitialAdmin(ctx),

    /** Ids of the live accounts of one kind. */
    async idsOf(userType: AccountSummary['userType']): Promise<number[]> {
      const rows = await db.select({ id: userAccounts.id }).from(userAccounts).where(and(eq(userAccounts.userType, userType), isNull(userAccounts.deletedAt)));
      return rows.map((r) => r.id);
    },

    /**
     * Every id must be an existing, not deleted student; otherwise the caller's error, naming the
     * unknown ids, and nothing is written.
     */
    async requireStudents(opts: { ids: readonly number[]; error: ErrorSpec; field?: string }): Promise<void> {
      const missing = await missingIds(db, {
        from: userAccounts,
        id: userAccounts.id,
        ids: opts.ids,
        where: and(eq(userAccounts.userType, 'STUDENT'), isNull(userAccounts.deletedAt)),
      });
      if (missing.length) throw appError(opts.error, `존재하지 않는 학생이 있습니다 (ID ${missing.join(', ')})`, { field: opts.field ?? 'userIds' });
    },

    /** Names and contacts of accounts by id (deleted ones included: history keeps their names). */
    async directory(ids: readonly number[]): Promise<Map<number, AccountSummary>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone, userType: userAccounts.userType })
        .from(userAccounts)
        .where(inArray(userAccounts.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },
  } satisfies ModuleHooks & Record<string, unknown>;
}
