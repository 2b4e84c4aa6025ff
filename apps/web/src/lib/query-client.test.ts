import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { ApiError } from './http.ts';
import { createQueryClient, retryDelay, shouldRetry } from './query-client.ts';
import { toasts } from './toast.ts';

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

describe('failed writes', () => {
  const refused = () => Promise.reject(new ApiError({ status: 409, code: 'lectures.disabled', message: '비활성화된 강좌입니다' }));

  test('show the server message as a toast, once, without any code in the page', async () => {
    toasts.set([]);
    const observer = new MutationObserver(createQueryClient(), { mutationFn: refused });
    await observer.mutate().catch(() => {});
    expect(toasts.get().map((t) => [t.severity, t.message])).toEqual([['error', '비활성화된 강좌입니다']]);
  });

  test('stay quiet when the mutation shows the error itself', async () => {
    toasts.set([]);
    const observer = new MutationObserver(createQueryClient(), { mutationFn: refused, meta: { errorToast: false } });
    await observer.mutate().catch(() => {});
    expect(toasts.get()).toEqual([]);
  });
});
