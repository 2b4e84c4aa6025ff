import { describe, expect, test } from 'vitest';
import { ApiError } from './http.ts';
import { retryDelay, shouldRetry } from './query-client.ts';

describe('query defaults', () => {
  test('retries three times with exponential delay capped at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const netErr = new ApiError({ status: 0, code: 'network.error', message: '' });
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, netErr))).toEqual([true, true, true, false]);
  });

  test('client errors are not retried; server errors are', () => {
    expect(shouldRetry(0, new ApiError({ status: 403, code: 'auth.forbidden', message: '' }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 503, code: 'http.503', message: '' }))).toBe(true);
  });
});
