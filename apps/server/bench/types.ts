import type { Modules } from '../src/composition.ts';
import type { AppContext } from '../src/context.ts';
import type { Db } from '../src/db/client.ts';
import type { Driver } from './driver.ts';

/**
 * A benchmark scenario. The harness (run.ts) starts the server on a large seeded database, then
 * calls `prepare` once and measures `requests` with autocannon, or runs `measure` for scenarios
 * that are not plain HTTP load (imports, uploads, watermarking).
 */
export type BenchEnv = {
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The PostgreSQL the server runs on (unset on PGlite): scenarios that start a second instance need it. */
  databaseUrl?: string;
  /** The JWT secret of the running server, so a second instance accepts the same tokens. */
  jwtSecret: string;
  /** The app's database handle, for typed fixtures. */
  db: Db;
  /** The kernel and the modules, in this process on the same database (service-level baselines). */
  ctx: AppContext;
  modules: Modules;
  /** Text SQL straight to the database, for baselines and fixtures. */
  driver: Driver;
  /** Access tokens of demo-like accounts in the large seed. */
  tokens: { admin: string; ta: string; student: string };
  userIds: { admin: number; ta: number; student: number };
  /** Directory for temporary files of this run. */
  tmpDir: string;
  /** The server's own process when it runs as a child (PostgreSQL runs), for CPU per request. */
  serverPid?: number;
};

export type HttpRequestSpec = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /**
   * Bodies sent in turn, one per request across all connections (instead of `body`): requests in
   * flight at once carry different ones, e.g. sign-ins of different accounts.
   */
  bodies?: string[];
  /**
   * Refresh-token flows: each connection signs in once, then sends the refresh cookie it got
   * back on its next request (a used token must never be re-sent).
   */
  rotateRefreshCookie?: boolean;
};

export type HttpScenario = {
  kind: 'http';
  name: string;
  /** What the target is, printed beside the figures, e.g. "p99 ≤ 30 ms". */
  target?: string;
  connections?: number;
  /** Seconds of load (default 10). */
  duration?: number;
  /** Builds the request(s) to send (cycled by autocannon). */
  prepare: (env: BenchEnv) => Promise<HttpRequestSpec[]>;
};

/**
 * Our route against the same work on the bare comparison server (bench/bare-server.ts), run in
 * alternating rounds (ours, bare, ours, bare …, after one uncounted round each), so that both
 * sides meet the same moments of a noisy machine. Each side gets a row (`name`, `bareName`) with
 * the medians of its rounds; ours also carries the median of the per-round ratios.
 */
export type PairScenario = {
  kind: 'pair';
  name: string;
  bareName: string;
  target?: string;
  connections?: number;
  /** Rounds per side (default: one per 2 s of the duration, at least 3). */
  rounds?: number;
  prepare: (env: BenchEnv) => Promise<{ ours: HttpRequestSpec[]; bare: HttpRequestSpec[] }>;
};

/**
 * A custom measurement: the scenario times its own work (repeat `runs` times) and returns
 * figures; the harness prints them in the same table.
 */
export type CustomScenario = {
  kind: 'custom';
  name: string;
  target?: string;
  measure: (env: BenchEnv) => Promise<CustomResult>;
};

export type CustomResult = {
  /** Requests (or operations) per second, when meaningful. */
  rps?: number;
  p50Ms?: number;
  p99Ms?: number;
  errors?: number;
  /** Free-form figures, e.g. { "MB/s": 410, "disk MB/s": 760, ratio: 0.54 }. */
  extra?: Record<string, number | string>;
};

export type Scenario = HttpScenario | PairScenario | CustomScenario;

/**
 * Runs `fn` `concurrency` at a time for `durationMs`, timing each call. Used for baselines that
 * go straight to the database driver, so they compare with HTTP runs at the same concurrency.
 */
export async function timeLoop(opts: { concurrency: number; durationMs: number; fn: () => Promise<unknown> }): Promise<CustomResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + opts.durationMs;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          await opts.fn();
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0;
  return { rps: latencies.length / elapsed, p50Ms: q(0.5), p99Ms: q(0.99), errors };
}
