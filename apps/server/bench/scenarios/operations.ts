import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lectureTopic } from '@academy/contracts/lectures';
import autocannon from 'autocannon';
import { openDatabase } from '../../src/db/client.ts';
import { createJobs, type JobLogger } from '../../src/lib/jobs/jobs.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { openEventStream } from '../../test/event-stream.ts';
import { freePort, startInstance } from '../../test/instances.ts';
import type { BenchEnv, CustomResult, HttpRequestSpec, Scenario } from '../types.ts';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const duration = Number(process.env.BENCH_DURATION ?? 10);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

/**
 * The mixed read load of a busy afternoon: the students grid with a search, a 300-student
 * attendance sheet, and a GraphQL students page. Shared by the one-vs-two-instance comparison and
 * the PGlite-vs-PostgreSQL one (`lectureId`: the same lecture of the seed on another database).
 */
export async function mixedReads(env: BenchEnv, over?: { token: string; lectureId: number }): Promise<HttpRequestSpec[]> {
  const lectureId = over?.lectureId ?? (await benchLecture(env)).id;
  const auth = { authorization: `Bearer ${over?.token ?? env.tokens.ta}` };
  const gql = JSON.stringify({
    query: 'query S($paging: OffsetPaging!) { students(paging: $paging, sorting: [{ field: name, direction: ASC }]) { nodes { id name loginId } totalCount } }',
    variables: { paging: { limit: 20, offset: 40 } },
  });
  return [
    { method: 'GET', path: '/api/students?page=1&pageSize=50&status=active&search=%EA%B9%80', headers: auth },
    { method: 'GET', path: `/api/lectures/${lectureId}/attendance-grid`, headers: auth },
    { method: 'POST', path: '/api/gql', headers: { ...auth, 'content-type': 'application/json' }, body: gql },
  ];
}

/** The first 300-student lecture of the large seed. */
async function benchLecture(env: BenchEnv): Promise<{ id: number; name: string }> {
  const [lecture] = await env.driver.query<{ id: number; name: string }>(
    `select l.id, l.name from lectures l where l.name like '벤치 %' and l.disabled = false
       and (select count(*) from lecture_students s where s.lecture_id = l.id and s.left_at is null) = 300 order by l.id limit 1`,
  );
  if (!lecture) throw new Error('no 300-student lecture in the large seed');
  return lecture;
}

/** The mixed reads against a PGlite server holding the large seed, its database in the request thread or in a worker thread. */
async function mixedOnPglite(env: BenchEnv, lectureName: string, worker: boolean): Promise<Awaited<ReturnType<typeof load>>> {
  const pglite = await startPgliteInstance(env, worker);
  try {
    const signIn = await fetch(`${pglite.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: 'ta01', password: 'ta1234!' }) });
    if (!signIn.ok) throw new Error(`PGlite sign-in: ${signIn.status}`);
    const token = ((await signIn.json()) as { accessToken: string }).accessToken;
    const lectures = (await (await fetch(`${pglite.url}/api/lectures?includeDisabled=false`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; name: string }[];
    const same = lectures.find((l) => l.name === lectureName);
    if (!same) throw new Error(`PGlite seed has no lecture ${lectureName}`);
    const specs = await mixedReads(env, { token, lectureId: same.id });
    // A server just started compiles its code and PGlite's WebAssembly, and fills its caches, on the
    // first requests: a few seconds of the same load first, as the PostgreSQL side has had.
    await load([pglite.url], specs, 32, 3);
    return await load([pglite.url], specs, 32);
  } finally {
    await pglite.stop();
  }
}

/**
 * A server on embedded PGlite holding the large seed. The seeded folder is kept in .bench/ and
 * reused by later runs (a run migrates it if the schema moved on): seeding PGlite takes minutes.
 */
async function startPgliteInstance(env: BenchEnv, worker: boolean): Promise<{ url: string; stop: () => Promise<void> }> {
  const dataDir = path.join(serverRoot, '.bench', 'pglite-large');
  const childEnv = { DATA_DIR: dataDir, DATABASE_URL: '', DEMO_DATA: 'false', JWT_SECRET: env.jwtSecret, NODE_ENV: 'production', PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn' };
  if (!existsSync(path.join(dataDir, 'seeded'))) {
    rmSync(dataDir, { recursive: true, force: true });
    const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
    await new Promise<void>((resolve, reject) => {
      const child = spawn(tsx, ['src/db/seed/large-cli.ts'], { cwd: serverRoot, env: { ...process.env, ...childEnv }, stdio: ['ignore', 'ignore', 'inherit'] });
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`PGlite seed exited with ${code}`))));
    });
    writeFileSync(path.join(dataDir, 'seeded'), new Date().toISOString());
  }
  return startInstance({ ...childEnv, PGLITE_WORKER: String(worker) });
}

async function load(urls: string[], specs: HttpRequestSpec[], connections: number, seconds = duration): Promise<{ rps: number; p99: number; max: number; errors: number }> {
  const results = await Promise.all(
    urls.map((url) =>
      autocannon({ url, connections: Math.round(connections / urls.length), duration: seconds, requests: specs.map((s) => ({ method: s.method, path: s.path, headers: s.headers, body: s.body })) as autocannon.Request[] }),
    ),
  );
  return {
    rps: results.reduce((a, r) => a + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    max: Math.max(...results.map((r) => r.latency.max)),
    errors: results.reduce((a, r) => a + r.errors + r.non2xx, 0),
  };
}

const silent: JobLogger = { info: () => {}, warn: () => {}, error: () => {}, child: () => silent };

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'ops: mixed read load (students grid, attendance sheet, GraphQL students), one instance vs two, c = 32',
    target: 'report the ratio',
    measure: async (env): Promise<CustomResult> => {
      if (!env.databaseUrl) return { extra: { skipped: 'needs BENCH_DATABASE_URL (two instances on one PostgreSQL)' } };
      const specs = await mixedReads(env);
      const one = await load([env.baseUrl], specs, 32);
      const second = await startInstance({ DATABASE_URL: env.databaseUrl, DEMO_DATA: 'false', JWT_SECRET: env.jwtSecret, NODE_ENV: 'production', PUBLIC_URL: 'http://bench.local', LOG_LEVEL: 'warn' });
      try {
        const two = await load([env.baseUrl, second.url], specs, 32);
        return {
          rps: two.rps,
          p99Ms: two.p99,
          errors: one.errors + two.errors,
          extra: { 'one req/s': Math.round(one.rps), 'one p99 ms': one.p99, 'one max ms': one.max, 'two req/s': Math.round(two.rps), 'two max ms': two.max, ratio: two.rps / one.rps },
        };
      } finally {
        await second.stop();
      }
    },
  },
  {
    kind: 'custom',
    name: 'ops: mixed read load on embedded PGlite vs PostgreSQL (same seed, same requests), c = 32',
    target: 'PGlite ≥ 0.8 × PostgreSQL req/s, no request over 1 s',
    measure: async (env): Promise<CustomResult> => {
      if (!env.databaseUrl) return { extra: { skipped: 'needs BENCH_DATABASE_URL (the PostgreSQL side of the comparison)' } };
      const onPg = await load([env.baseUrl], await mixedReads(env), 32);
      const lecture = await benchLecture(env);
      // The server's default (PGLITE_WORKER on) and the database on the request thread, as before.
      const onPglite = await mixedOnPglite(env, lecture.name, true);
      const onRequestThread = await mixedOnPglite(env, lecture.name, false);
      return {
        rps: onPglite.rps,
        p99Ms: onPglite.p99,
        errors: onPg.errors + onPglite.errors + onRequestThread.errors,
        extra: {
          'PostgreSQL req/s': Math.round(onPg.rps), 'PostgreSQL p99 ms': onPg.p99, 'PostgreSQL max ms': onPg.max,
          'PGlite max ms': onPglite.max, ratio: Number((onPglite.rps / onPg.rps).toFixed(2)),
          'PGLITE_WORKER=false req/s': Math.round(onRequestThread.rps), 'PGLITE_WORKER=false p99 ms': onRequestThread.p99, 'PGLITE_WORKER=false max ms': onRequestThread.max,
        },
      };
    },
  },
  {
    kind: 'custom',
    name: 'ops: realtime fan-out, one event to 500 connected clients',
    target: 'p99 ≤ 250 ms',
    measure: async (env): Promise<CustomResult> => {
      // 50 staff accounts × 10 streams each (the per-user cap), all following one lecture.
      const [lecture] = await env.driver.query<{ id: number }>(`select id from lectures order by id limit 1`);
      const hash = await hashPassword('fanout1234!');
      const stamp = Date.now() % 100000;
      await env.driver.query(
        `insert into users (login_id, password_hash, user_type, name) select 'fan' || $1::text || '_' || g, $2, 'TA', '팬아웃' || g from generate_series(1, 50) g on conflict do nothing`,
        [String(stamp), hash],
      );
      const tokens: string[] = [];
      for (let i = 1; i <= 50; i++) {
        const res = await fetch(`${env.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId: `fan${stamp}_${i}`, password: 'fanout1234!' }) });
        tokens.push(((await res.json()) as { accessToken: string }).accessToken);
      }
      const url = `${env.baseUrl}/api/realtime/events?topics=lecture:${lecture!.id}`;
      const streams = await Promise.all(Array.from({ length: 500 }, (_, i) => openEventStream(url, tokens[i % 50]!)));
      try {
        await Promise.all(streams.map((s) => s.ready));
        const times: number[] = [];
        for (let round = 0; round < 20; round++) {
          const marker = `fan-${round}`;
          const t0 = performance.now();
          const arrivals = streams.map((s) => s.next((e) => e.type === 'refresh' && (e.data as { marker?: string }).marker === marker).then(() => performance.now() - t0));
          await env.ctx.realtime.publish(lectureTopic.of(lecture!.id), { type: 'refresh', data: { marker } });
          times.push(...(await Promise.all(arrivals)));
        }
        const sorted = times.sort((a, b) => a - b);
        return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), extra: { clients: streams.length, events: 20, deliveries: sorted.length } };
      } finally {
        for (const s of streams) s.close();
        await env.driver.query(`delete from users where login_id like $1`, [`fan${stamp}_%`]);
      }
    },
  },
  {
    kind: 'custom',
    name: 'ops: job throughput, 10,000 no-op jobs',
    target: '≥ 1,000 jobs/s',
    measure: async (env): Promise<CustomResult> => {
      const database = await openDatabase({ url: env.databaseUrl, dataDir: env.databaseUrl ? undefined : env.tmpDir, poolSize: 10 });
      const jobs = createJobs({ database, realtime: env.ctx.realtime, log: silent, pollingIntervalSeconds: 0.5 });
      const queue = `bench.noop${Date.now() % 100000}`;
      const total = 10_000;
      let done = 0;
      let finished!: () => void;
      const all = new Promise<void>((resolve) => (finished = resolve));
      jobs.define({
        queue,
        concurrency: 100,
        batchSize: 500,
        handler: async () => {
          if (++done === total) finished();
        },
      });
      await jobs.start();
      try {
        await jobs.sendMany(queue, Array.from({ length: total }, (_, i) => ({ data: { i } })));
        const t0 = performance.now();
        await all;
        const seconds = (performance.now() - t0) / 1000;
        const counts = await jobs.counts(queue);
        // Every handler has run; the last batch may not be marked completed yet (that write follows
        // its handlers), so those are not errors: failures are.
        return { rps: total / seconds, errors: counts.failed, extra: { 'jobs/s': total / seconds, seconds, 'marked completed by then': counts.completed } };
      } finally {
        await jobs.stop({ graceMs: 1000 });
        await database.close();
      }
    },
  },
  {
    kind: 'custom',
    name: 'ops: restart to ready with the large center (built server, PostgreSQL)',
    target: '≤ 3 s',
    measure: async (env): Promise<CustomResult> => {
      if (!env.databaseUrl) return { extra: { skipped: 'needs BENCH_DATABASE_URL' } };
      await new Promise<void>((resolve, reject) => spawn('node', ['build.mjs'], { cwd: serverRoot, stdio: 'ignore' }).once('exit', (c) => (c === 0 ? resolve() : reject(new Error('build failed')))));
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const port = await freePort();
        const t0 = performance.now();
        const child = spawn('node', ['--enable-source-maps', 'dist/main.js'], {
          cwd: serverRoot,
          env: { ...process.env, DATABASE_URL: env.databaseUrl, DEMO_DATA: 'false', JWT_SECRET: env.jwtSecret, NODE_ENV: 'production', PUBLIC_URL: 'http://bench.local', PORT: String(port), LOG_LEVEL: 'warn' },
          stdio: 'ignore',
        });
        for (;;) {
          const ok = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
          if (ok) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        times.push(performance.now() - t0);
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      const sorted = times.sort((a, b) => a - b);
      return { p50Ms: percentile(sorted, 0.5), p99Ms: sorted.at(-1), extra: { starts: sorted.length, 'fastest ms': Math.round(sorted[0]!) } };
    },
  },
];
