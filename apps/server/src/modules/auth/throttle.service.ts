import { AUTH_ERRORS } from '@academy/contracts/auth';
import { appError } from '../../lib/errors.ts';
import { waitText, type LimitClaim, type LimitRule, type Limits } from '../../lib/limits/limits.ts';

/** Failures are forgotten this long after the last one. */
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

/**
 * How many password checks each subject gets before the delays start, and the longest delay.
 * A login id from one address: 5, then 1 s, 2 s, 4 s … up to 15 minutes. One address over all
 * accounts (spraying): 20. One login id from anywhere (many addresses): 50, and never more than a
 * minute, so that nobody can keep the owner out for long from elsewhere.
 */
export const THROTTLE_RULES = {
  pair: { name: 'signin.pair', free: 5, windowMs: THROTTLE_WINDOW_MS, backoff: { maxDelaySeconds: 15 * 60 } },
  address: { name: 'signin.address', free: 20, windowMs: THROTTLE_WINDOW_MS, backoff: { maxDelaySeconds: 15 * 60 } },
  account: { name: 'signin.account', free: 50, windowMs: THROTTLE_WINDOW_MS, backoff: { maxDelaySeconds: 60 } },
} as const satisfies Record<string, LimitRule>;

/** A sign-in attempt's claim: what `succeeded` gives back. */
export type SignInClaim = { loginId: string; ip: string; claim: LimitClaim };

const pairKey = (loginId: string, ip: string) => `${loginId}\n${ip}`;

/**
 * Sign-in throttling with growing delays rather than a hard lock, on the kernel's attempt limits
 * (src/lib/limits): before a password is checked, the attempt is claimed on the login id from this
 * address, on the login id from anywhere and on the address, atomically (40 parallel tries run at
 * most the free checks, on every instance). A claim refused by a subject answers 429 with the
 * seconds to wait; nothing is counted then.
 *
 * The address counts every account's failures (spraying), but it never holds back an account that
 * has no failures of its own (issue 34 item 16: a center's students share the academy Wi-Fi). Such
 * an attempt is checked whatever the address's count, and counted on the address all the same, so
 * its delays keep growing; a wrong password then gives the account a failure of its own, and its
 * next try waits for the address like every other. A success clears the account's counters and
 * gives the address its attempt back.
 */
export function createThrottle(deps: { limits: Limits }) {
  const { limits } = deps;
  const refused = (seconds: number) =>
    appError(AUTH_ERRORS.too_many_attempts, `로그인 시도가 너무 많습니다. ${waitText(seconds)} 후 다시 시도해 주세요`, { details: { retryAfterSeconds: seconds } });

  return {
    /** Counts one sign-in attempt, or refuses it (429) with the seconds left; nothing is counted then. */
    async claim(input: { loginId: string; ip: string }): Promise<SignInClaim> {
      const claim = await limits.claim([
        { rule: THROTTLE_RULES.pair, key: pairKey(input.loginId, input.ip) },
        { rule: THROTTLE_RULES.account, key: input.loginId },
        // No failures of its own (from here or anywhere): the address does not hold it back.
        { rule: THROTTLE_RULES.address, key: input.ip, soft: (own) => own.every((n) => n === 0) },
      ]);
      if (!claim.ok) throw refused(claim.retryAfterSeconds);
      return { ...input, claim };
    },

    /** The password was right: the account starts afresh, and the address gets its attempt back. */
    async succeeded(c: SignInClaim): Promise<void> {
      await c.claim.release();
      await limits.clear({ rule: THROTTLE_RULES.pair, key: pairKey(c.loginId, c.ip) });
      await limits.clear({ rule: THROTTLE_RULES.account, key: c.loginId });
    },

    /** A new password (reset by link): past failures of the account no longer matter. */
    async clearAccount(loginId: string): Promise<void> {
      await limits.clear({ rule: THROTTLE_RULES.pair, prefix: `${loginId}\n` });
      await limits.clear({ rule: THROTTLE_RULES.account, key: loginId });
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
