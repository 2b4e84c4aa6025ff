import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate.ts';

/** The limiter on a test clock: it says how long each message waits, so nothing here sleeps. */
function limiterAt(perSecond: number) {
  let t = 0;
  const waits: number[] = [];
  const limiter = createRateLimiter({
    perSecond,
    now: () => t,
    sleep: async (ms) => {
      waits.push(ms);
      t += ms;
    },
  });
  return { limiter, waits, advance: (ms: number) => (t += ms), clock: () => t };
}

describe('send rate', () => {
  it('lets a second\'s worth through at once, then one message per 1/rate', async () => {
    const { limiter, waits, clock } = limiterAt(10);
    for (let i = 0; i < 15; i++) await limiter.take();
    // 11 go at once (the burst), the next 4 each 100 ms after the one before.
    expect(waits).toEqual([100, 100, 100, 100]);
    expect(clock()).toBe(400);
  });

  it('keeps the average: 100 messages at 20/s take about four seconds after the burst', async () => {
    const { limiter, clock } = limiterAt(20);
    for (let i = 0; i < 100; i++) await limiter.take();
    expect(clock()).toBeCloseTo((100 - 21) * 50, 0);
  });

  it('a quiet spell refills the burst', async () => {
    const { limiter, waits, advance } = limiterAt(5);
    for (let i = 0; i < 6; i++) await limiter.take();
    advance(5_000);
    for (let i = 0; i < 6; i++) await limiter.take();
    expect(waits).toEqual([]);
  });

  it('0 means no limit', async () => {
    const { limiter, waits } = limiterAt(0);
    for (let i = 0; i < 1000; i++) await limiter.take();
    expect(waits).toEqual([]);
  });
});
