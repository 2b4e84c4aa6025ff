import { AUTH_ERRORS } from '@academy/contracts/auth';
import { and, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { appError } from '../../lib/errors.ts';
import { loginThrottle } from './auth.table.ts';

/** Failures are forgotten this long after the last one. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * How many password checks each subject gets before the delays start, and the longest delay.
 * A login id from one address: 5, then 1 s, 2 s, 4 s … up to 15 minutes. One address over all
 * accounts (spraying): 20. One login id from anywhere (many addresses): 50, and never more than a
 * minute, so that nobody can keep the owner out for long from elsewhere.
 */
export const THROTTLE_RULES = {
  pair: { free: 5, maxDelaySeconds: 15 * 60 },
  address: { free: 20, maxDelaySeconds: 15 * 60 },
  account: { free: 50, maxDelaySeconds: 60 },
} as const;

type Rule = (typeof THROTTLE_RULES)[keyof typeof THROTTLE_RULES];
type Subject = { loginId: string; ip: string; rule: Rule };

/**
 * Sign-in throttling with growing delays rather than a hard lock. Before a password is checked,
 * `claim` counts the attempt against each subject in one atomic upsert per row (so 40 parallel
 * tries run at most the free checks, on every instance); a claim that comes before the subject's
 * `nextAt` is refused with the seconds to wait. A success clears the account's rows and gives the
 * address its attempt back; a failure stays counted.
 */
export function createThrottle(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db, now } = ctx;

  const subjects = (loginId: string, ip: string): Subject[] => [
    { loginId, ip, rule: THROTTLE_RULES.pair },
    { loginId: '', ip, rule: THROTTLE_RULES.address },
    { loginId, ip: '', rule: THROTTLE_RULES.account },
  ];

  /** The delay after `attempts` counted checks: none while free, then doubling up to the cap. */
  const delaySeconds = (attempts: SQL | number, rule: Rule): SQL =>
    sql`case when (${attempts})::int < ${rule.free}::int then 0 else least(power(2, (${attempts})::int - ${rule.free}::int), ${rule.maxDelaySeconds}::int) end`;

  async function claimOne(s: Subject, t: Date): Promise<number | null> {
    const at = sql`${t.toISOString()}::timestamptz`;
    const stale = sql`${loginThrottle.lastAt} < ${new Date(t.getTime() - THROTTLE_WINDOW_MS).toISOString()}::timestamptz`;
    const attempts = sql`case when ${stale} then 1 else ${loginThrottle.attempts} + 1 end`;
    const [row] = await db
      .insert(loginThrottle)
      .values({ loginId: s.loginId, ip: s.ip, attempts: 1, nextAt: sql`${at} + ${delaySeconds(1, s.rule)} * interval '1 second'`, lastAt: t })
      .onConflictDoUpdate({
        target: [loginThrottle.loginId, loginThrottle.ip],
        set: { attempts, nextAt: sql`${at} + ${delaySeconds(attempts, s.rule)} * interval '1 second'`, lastAt: t },
        // Free attempts are never refused by time: of two sign-ins at once, the one that read the
        // clock first may reach the row second and see the other's later time as "next".
        where: or(stale, sql`${loginThrottle.attempts} < ${s.rule.free}::int`, sql`${loginThrottle.nextAt} <= ${at}`),
      })
      .returning({ attempts: loginThrottle.attempts });
    if (row) return null;
    const [held] = await db.select({ nextAt: loginThrottle.nextAt }).from(loginThrottle).where(and(eq(loginThrottle.loginId, s.loginId), eq(loginThrottle.ip, s.ip)));
    return Math.max(1, Math.ceil(((held?.nextAt.getTime() ?? t.getTime()) - t.getTime()) / 1000));
  }

  return {
    /** Counts one sign-in attempt, or refuses it (429) with the seconds left; nothing is counted then. */
    async claim(input: { loginId: string; ip: string }): Promise<void> {
      const t = now();
      // A refusal throws inside the transaction: the rows already counted roll back with it.
      await db.transaction(async () => {
        for (const s of subjects(input.loginId, input.ip)) {
          const seconds = await claimOne(s, t);
          if (seconds !== null) throw appError(AUTH_ERRORS.too_many_attempts, `로그인 시도가 너무 많습니다. ${waitText(seconds)} 후 다시 시도해 주세요`, { details: { retryAfterSeconds: seconds } });
        }
      });
    },

    /** The password was right: the account starts afresh, and the address gets its attempt back. */
    async succeeded(input: { loginId: string; ip: string }): Promise<void> {
      await db.transaction(async () => {
        await db.delete(loginThrottle).where(and(eq(loginThrottle.loginId, input.loginId), or(eq(loginThrottle.ip, input.ip), eq(loginThrottle.ip, ''))));
        await db
          .update(loginThrottle)
          .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
          .where(and(eq(loginThrottle.loginId, ''), eq(loginThrottle.ip, input.ip)));
      });
    },

    /** A new password (reset by link): past failures of the account no longer matter. */
    async clearAccount(loginId: string): Promise<void> {
      await db.delete(loginThrottle).where(eq(loginThrottle.loginId, loginId));
    },

    async prune(): Promise<void> {
      const t = now();
      await db.delete(loginThrottle).where(and(lt(loginThrottle.lastAt, new Date(t.getTime() - THROTTLE_WINDOW_MS)), lt(loginThrottle.nextAt, t)));
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds}초`;
  return `${Math.ceil(seconds / 60)}분`;
}
