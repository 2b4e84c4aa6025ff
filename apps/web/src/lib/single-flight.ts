/**
 * Wraps an async task so concurrent callers share one run: when ten requests meet a 401 at once,
 * the refresh token is rotated once (a second use would revoke the whole token family).
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    if (!running) {
      running = task().finally(() => {
        running = null;
      });
    }
    return running;
  };
}
