import { ApiError } from './http.ts';

const MAX_RETRIES = 3;

/** SPEC §9: exponential back-off, capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** Retries up to three times, but not answers that will not change on retry (4xx: bad input, no access). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

/**
 * The queries' retry rule for a read made outside TanStack Query (the landing page's, which loads no
 * query library): the task again after each delay while `shouldRetry` says so.
 */
export async function withRetries<T>(task: () => Promise<T>, sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms))): Promise<T> {
  for (let failures = 0; ; ) {
    try {
      return await task();
    } catch (err) {
      if (!shouldRetry(failures, err)) throw err;
      await sleep(retryDelay(failures));
      failures += 1;
    }
  }
}
