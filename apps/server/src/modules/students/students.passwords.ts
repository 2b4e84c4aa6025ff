import argon2 from 'argon2';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * argon2 runs on libuv's thread pool (4 threads by default); more in flight only queues.
 * Measured on the 2-core build machine: ~27 ms per hash at this concurrency.
 */
const HASH_CONCURRENCY = 4;

export async function mapLimit<T, R>(opts: { items: readonly T[]; limit: number; fn: (item: T) => Promise<R> }): Promise<R[]> {
  const out = new Array<R>(opts.items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(opts.limit, opts.items.length) }, async () => {
      while (next < opts.items.length) {
        const i = next++;
        out[i] = await opts.fn(opts.items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Initial passwords (last four phone digits + login id) can be derived from the very row they
 * protect: phone and login id are stored in plain text beside the hash. argon2's cost therefore buys
 * them nothing against a database leak, and online guessing is limited by sign-in throttling either
 * way. They are stored as argon2id (the sign-in check is unchanged) at a minimal cost, ≈1 ms instead of
 * ≈27 ms, which is what lets a 3,000-row import finish in seconds. Passwords a person typed, in the
 * form or in the Excel file, get the project's full cost (src/lib/passwords.ts).
 */
const INITIAL_PASSWORD_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function hashInitialPassword(password: string): Promise<string> {
  return argon2.hash(password, INITIAL_PASSWORD_OPTIONS);
}

/** Hashes many passwords concurrently: initial ones cheaply, chosen ones at full cost. */
export function hashMany(items: readonly { password: string; initial: boolean }[]): Promise<string[]> {
  return mapLimit({ items, limit: HASH_CONCURRENCY, fn: (i) => (i.initial ? hashInitialPassword(i.password) : hashPassword(i.password)) });
}
