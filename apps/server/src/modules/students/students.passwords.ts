import argon2 from 'argon2';
import { hashPassword } from '../../lib/passwords.ts';

/**
 * argon2 runs on libuv's thread pool (4 threads by default); more in flight only queues.
 * Measured on the 2-core build machine: ~27 ms per hash at this concurrency.
 */
const HASH_CONCURRENCY = 4;

/**
 * Initial passwords (last four phone digits + login id) can be derived from the very row they
 * protect: phone and login id are stored in plain text beside the hash. argon2's cost therefore buys
 * them nothing against a database leak, and online guessing is limited by sign-in throttling either
 * way. They are stored as argon2id (the sign-in check is unchanged) at the floor of its cost: 64 KiB
 * and one pass, ≈0.09 ms of CPU on this 2-core machine (what remains is the call itself), where
 * 1 MiB took ≈0.66 ms and the full cost ≈27 ms. A 3,000-row import hashes in ≈0.3 s of CPU instead
 * of ≈2 s (issue 17). Passwords a person typed, in the form or in the Excel file, get the project's
 * full cost (src/lib/passwords.ts).
 */
const INITIAL_PASSWORD_OPTIONS = { type: argon2.argon2id, memoryCost: 64, timeCost: 1, parallelism: 1 } as const;

export function hashInitialPassword(password: string): Promise<string> {
  return argon2.hash(password, INITIAL_PASSWORD_OPTIONS);
}

export type PasswordToHash = { password: string; initial: boolean };

const hashOne = (i: PasswordToHash) => (i.initial ? hashInitialPassword(i.password) : hashPassword(i.password));

/**
 * Starts hashing in the background, in input order, HASH_CONCURRENCY at a time, and returns at once
 * with one promise per item: a caller can write the first rows while the thread pool hashes the
 * next ones. `cancel()` leaves the items not yet started unhashed (their promises reject); a
 * rejected promise nobody waits for is not reported as unhandled.
 */
export function startHashing(items: readonly PasswordToHash[]): { hashes: Promise<string>[]; cancel: () => void } {
  const settle: { resolve: (hash: string) => void; reject: (e: unknown) => void }[] = [];
  const hashes = items.map(() => new Promise<string>((resolve, reject) => settle.push({ resolve, reject })));
  for (const h of hashes) h.catch(() => {});
  let next = 0;
  let cancelled = false;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      if (cancelled) {
        settle[i]!.reject(new Error('hashing cancelled'));
        continue;
      }
      try {
        settle[i]!.resolve(await hashOne(items[i]!));
      } catch (e) {
        settle[i]!.reject(e);
      }
    }
  };
  for (let k = 0; k < Math.min(HASH_CONCURRENCY, items.length); k++) void worker();
  return { hashes, cancel: () => void (cancelled = true) };
}

/** Hashes many passwords concurrently: initial ones cheaply, chosen ones at full cost. */
export function hashMany(items: readonly PasswordToHash[]): Promise<string[]> {
  return Promise.all(startHashing(items).hashes);
}
