import { describe, expect, test } from 'vitest';
import { singleFlight } from './single-flight.ts';

describe('singleFlight', () => {
  test('concurrent callers share one run and get the same result', async () => {
    let runs = 0;
    let release!: (v: string) => void;
    const task = singleFlight(() => {
      runs++;
      return new Promise<string>((r) => (release = r));
    });
    const a = task();
    const b = task();
    release('token-1');
    expect(await Promise.all([a, b])).toEqual(['token-1', 'token-1']);
    expect(runs).toBe(1);
  });

  test('a later call after completion runs again', async () => {
    let runs = 0;
    const task = singleFlight(async () => ++runs);
    expect(await task()).toBe(1);
    expect(await task()).toBe(2);
  });

  test('a failure is shared and does not block the next attempt', async () => {
    let runs = 0;
    const task = singleFlight(async () => {
      runs++;
      if (runs === 1) throw new Error('boom');
      return 'ok';
    });
    const results = await Promise.allSettled([task(), task()]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await task()).toBe('ok');
  });
});
