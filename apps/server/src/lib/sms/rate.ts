/**
 * The send rate of one instance: at most `perSecond` messages a second, with bursts of up to a
 * second's worth (GCRA: each message is given the earliest moment it may go, `1/perSecond` after
 * the one before). `perSecond: 0` means no limit.
 */
export type RateLimiter = { take: (signal?: AbortSignal) => Promise<void> };

export function createRateLimiter(opts: { perSecond: number; now?: () => number; sleep?: (ms: number, signal?: AbortSignal) => Promise<void> }): RateLimiter {
  const now = opts.now ?? (() => performance.now());
  const sleep = opts.sleep ?? abortableSleep;
  if (opts.perSecond <= 0) return { take: async () => {} };
  const interval = 1000 / opts.perSecond;
  const burst = 1000;
  let tat = -Infinity;
  return {
    async take(signal) {
      const t = now();
      const at = Math.max(tat, t);
      tat = at + interval;
      const wait = at - burst - t;
      if (wait > 0) await sleep(wait, signal);
    },
  };
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
