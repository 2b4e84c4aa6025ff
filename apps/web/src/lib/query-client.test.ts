import { MutationObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { ApiError } from './http.ts';
import { createQueryClient } from './query-client.ts';
import { toasts } from './toast.ts';

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
