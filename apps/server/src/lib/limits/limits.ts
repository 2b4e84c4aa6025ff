import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from './limits.table.ts';

/**
 * A limit on attempts of one kind, counted per subject (an address, a login id, an account).
 *
 * - Without `backoff`: at most `free` attempts in `windowMs` from the first one; the next waits for
 *   the window to end (board posts, find-password, the client error log).
 * - With `backoff`: `free` attempts, then each one waits 1 s, 2 s, 4 s … up to `maxDelaySeconds`
 *   after the one before; the count is forgotten `windowMs` after the last attempt (sign-in).
 */
export type LimitRule = {
  /** Names the counter, e.g. `board.post.10m`. Two rules never share a name. */
  name: string;
  free: number;
  windowMs: number;
  backoff?: { maxDelaySeconds: number };
};

/**
 * One counter to claim an attempt on. `soft`: counted, but never refused (the caller lets this
 * attempt through whatever the subject's count); past its limit its wait does not move. As a
 * function it decides from what the subjects before it had counted, in the same transaction.
 */
export type LimitSubject = { rule: LimitRule; key: string; soft?: boolean | ((priorSoFar: readonly number[]) => boolean) };

export type LimitClaim = {
  ok: true;
  /** Attempts each subject had counted before this one (0 when it starts afresh), in the order given. */
  prior: number[];
  /** Gives the attempt back (the password was right): only the subjects this claim counted. */
  release: () => Promise<void>;
};

export type LimitRefusal = { ok: false; rule: LimitRule; subject: string; retryAfterSeconds: number };

export type Limits = {
  /**
   * Claims one attempt on every subject, before the work it limits starts. Each subject is one
   * atomic upsert in PostgreSQL (its row is locked while it is counted), so parallel requests are
   * counted one by one on every instance and a burst never passes the limit. When one subject is
   * over its limit, nothing is counted (the others roll back) and the refusal names the rule and
   * the seconds to wait. Joins the caller's transaction.
   */
  claim: (subjects: readonly LimitSubject[]) => Promise<LimitClaim | LimitRefusal>;
  /** Forgets the counters of these subjects (a sign-in succeeded, a password was reset). `prefix`: every subject starting with it. */
  clear: (opts: { rule: LimitRule; key?: string; prefix?: string }) => Promise<void>;
  /** Deletes counters that start afresh anyway. */
  prune: () => Promise<number>;
};

const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;
const ms = (n: number): SQL => sql`(${n}::bigint * interval '1 millisecond')`;

/** Rolls a claim's transaction back when a later subject refuses. */
class Refused extends Error {
  constructor(readonly refusal: LimitRefusal) {
    super('limit refused');
  }
}

/** The attempt limits of the kernel (`ctx.limits`); the rules are the callers' (board, auth, system). */
export function createLimits(opts: { db: Db; now: () => Date }): Limits {
  const { db, now } = opts;

  /** The wait after `attempts` counted attempts, as the time the next one may start. */
  const nextAt = (rule: LimitRule, attempts: SQL, at: SQL, expiresAt: SQL): SQL =>
    rule.backoff
      ? sql`${at} + case when (${attempts})::int < ${rule.free}::int then interval '0' else least(power(2, (${attempts})::int - ${rule.free}::int), ${rule.backoff.maxDelaySeconds}::int) * interval '1 second' end`
      : sql`case when (${attempts})::int < ${rule.free}::int then ${at} else ${expiresAt} end`;

  /** Counts one attempt; the attempts counted before it, or null when the subject is over its limit. */
  async function claimOne(s: { rule: LimitRule; key: string; soft: boolean }, t: Date): Promise<number | null> {
    const { rule } = s;
    const at = ts(t);
    const fresh = sql`${at} + ${ms(rule.windowMs)}`;
    const stale = sql`${rateLimits.expiresAt} <= ${at}`;
    const attempts = sql`case when ${stale} then 1 else ${rateLimits.attempts} + 1 end`;
    // A window runs from its first attempt; a backoff is forgotten a window after the last one.
    const expiresAt = rule.backoff ? fresh : sql`case when ${stale} then ${fresh} else ${rateLimits.expiresAt} end`;
    // Free attempts are never refused by time: of two claims at once, the one that read the clock
    // first may reach the row second and see the other's later time as "next".
    const allowed = sql`(${stale} or ${rateLimits.attempts} < ${rule.free}::int or ${rateLimits.nextAt} <= ${at})`;
    const next = nextAt(rule, attempts, at, expiresAt);
    const [row] = await db
      .insert(rateLimits)
      .values({ rule: rule.name, subject: s.key, attempts: 1, nextAt: nextAt(rule, sql`1`, at, fresh), expiresAt: fresh })
      .onConflictDoUpdate({
        target: [rateLimits.rule, rateLimits.subject],
        // A soft subject over its limit is counted all the same, but its wait stays where it was.
        set: { attempts, nextAt: s.soft ? sql`case when ${allowed} then ${next} else ${rateLimits.nextAt} end` : next, expiresAt },
        ...(s.soft ? {} : { where: allowed }),
      })
      .returning({ attempts: rateLimits.attempts });
    return row ? row.attempts - 1 : null;
  }

  async function waitOf(s: Pick<LimitSubject, 'rule' | 'key'>, t: Date): Promise<number> {
    const [held] = await db.select({ nextAt: rateLimits.nextAt }).from(rateLimits).where(and(eq(rateLimits.rule, s.rule.name), eq(rateLimits.subject, s.key)));
    return Math.max(1, Math.ceil(((held?.nextAt.getTime() ?? t.getTime()) - t.getTime()) / 1000));
  }

  async function giveBack(counted: readonly Pick<LimitSubject, 'rule' | 'key'>[]): Promise<void> {
    for (const s of counted) {
      await db
        .update(rateLimits)
        .set({ attempts: sql`greatest(${rateLimits.attempts} - 1, 0)` })
        .where(and(eq(rateLimits.rule, s.rule.name), eq(rateLimits.subject, s.key)));
    }
  }

  return {
    async claim(subjects) {
      const t = now();
      try {
        return await db.transaction(async () => {
          const prior: number[] = [];
          const counted: LimitSubject[] = [];
          for (const s of subjects) {
            const soft = typeof s.soft === 'function' ? s.soft(prior) : !!s.soft;
            const before = await claimOne({ rule: s.rule, key: s.key, soft }, t);
            if (before === null) throw new Refused({ ok: false, rule: s.rule, subject: s.key, retryAfterSeconds: await waitOf(s, t) });
            prior.push(before);
            counted.push(s);
          }
          return { ok: true as const, prior, release: () => giveBack(counted) };
        });
      } catch (e) {
        if (e instanceof Refused) return e.refusal;
        throw e;
      }
    },

    async clear({ rule, key, prefix }) {
      const which = key !== undefined ? eq(rateLimits.subject, key) : prefix !== undefined ? sql`starts_with(${rateLimits.subject}, ${prefix})` : undefined;
      await db.delete(rateLimits).where(and(eq(rateLimits.rule, rule.name), which));
    },

    async prune() {
      const t = now();
      const gone = await db.delete(rateLimits).where(and(lt(rateLimits.expiresAt, t), lt(rateLimits.nextAt, t))).returning({ rule: rateLimits.rule });
      return gone.length;
    },
  };
}

/** "3분", "45초": the wait of a refusal, for messages. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds}초`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}분`;
  return `${Math.ceil(seconds / 3600)}시간`;
}
