import { describe, expect, test } from 'vitest';
import { ApiError } from './http.ts';
import { retryDelay, shouldRetry, withRetries } from './retry.ts';

const netErr = new ApiError({ status: 0, code: 'network.error', message: '' });

describe('retries (SPEC §9)', () => {
  test('three times with exponential delay capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, netErr))).toEqual([true, true, true, false]);
  });

  test('client errors are not retried; server errors are', () => {
    expect(shouldRetry(0, new ApiError({ status: 403, code: 'auth.forbidden', message: '' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 503, code: 'http.503', message: '' }))).toBe(true);
  });

  test('withRetries runs the task again after each delay, and gives up as a query would', async () => {
    const waited: number[] = [];
    const sleep = async (ms: number) => {
      waited.push(ms);
    };
    let calls = 0;
    expect(await withRetries(async () => (++calls < 3 ? Promise.reject(netErr) : 'ok'), sleep)).toBe('ok');
    expect([calls, waited]).toEqual([3, [1000, 2000]]);

    waited.length = 0;
    await expect(withRetries(() => Promise.reject(netErr), sleep)).rejects.toBe(netErr);
    expect(waited).toEqual([1000, 2000, 4000]);

    waited.length = 0;
    const forbidden = new ApiError({ status: 404, code: 'http.404', message: '' });
    await expect(withRetries(() => Promise.reject(forbidden), sleep)).rejects.toBe(forbidden);
    expect(waited).toEqual([]);
  });
});
