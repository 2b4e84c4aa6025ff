/**
 * `npm run bench [filter]` — starts the server on a large generated center and runs every
 * scenario in bench/scenarios/*.ts (or those whose name contains `filter`), printing one table
 * and writing a JSON report to .bench/. Real PostgreSQL via BENCH_DATABASE_URL (recommended;
 * the server then runs as its own process); otherwise embedded PGlite in a temporary folder.
 * Figures are reports, never assertions.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { inArray } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedLarge } from '../src/db/seed/large.ts';
import { userAccounts } from '../src/modules/users/index.ts';
import { createDriver } from './driver.ts';
import { treeCpuSeconds } from './cpu.ts';
import { judge, QUICK_SCENARIOS } from './quick.ts';
import type { BenchEnv, CustomResult, HttpRequestSpec, HttpScenario, PairScenario, Scenario } from './types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverRoot = path.join(here, '..');
const quick = process.argv.includes('--quick');
// Several filters separated by commas: a scenario runs when its name contains any of them.
const filters = quick ? QUICK_SCENARIOS : (process.argv.slice(2).find((a) => !a.startsWith('--')) ?? '').split(',').map((f) => f.trim()).filter(Boolean);
// The scenarios read BENCH_DURATION themselves: the quick guard sets a short one for them all.
if (quick) process.env.BENCH_DURATION ??= '3';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const dbUrl = process.env.BENCH_DATABASE_URL;
const jwtSecret = 'bench-secret-bench-secret-bench-secret-0123456789';
const children: ChildProcess[] = [];
const TOKEN_RENEW_MS = 5 * 60 * 1000;

type Row = { name: string; target?: string } & CustomResult;

async function main(): Promise<void> {
  const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'academy-bench-'));
  const scenarios = (await loadScenarios()).filter((s) => filters.length === 0 || filters.some((f) => s.name.includes(f) || (s.kind === 'pair' && s.bareName.includes(f))));
  console.log(`벤치마크 (benchmark): ${scenarios.length} scenarios, ${dbUrl ? 'PostgreSQL' : 'PGlite (참고용: 실제 수치는 BENCH_DATABASE_URL로)'}`);

  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpDir, JWT_SECRET: jwtSecret }), databaseUrl: dbUrl, logLevel: 'warn' };
  const database = await openDatabase({ url: dbUrl, dataDir: dbUrl ? undefined : tmpDir, poolSize: 40 });
  const built = await buildApp({ config, database, logger: false, webDist: null });
  const driver = createDriver({ url: dbUrl, db: database.db });
  const t0 = performance.now();
  await seedLarge(built, (m) => console.log(`  seed: ${m}`));
  console.log(`  seed ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  let baseUrl: string;
  let bareUrl: string | null = null;
  if (dbUrl) {
    await built.app.close();
    const port = await freePort();
    // SMS_RATE_PER_SECOND: the SMS queue scenario measures what the queue delivers under a limit well above its target.
    // BENCH_SERVER_NODE_ARGS: node flags for the server under test, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    baseUrl = await startChild(
      [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), 'src/main.ts'],
      { DATABASE_URL: dbUrl, DATA_DIR: path.join(tmpDir, 'server-data'), DEMO_DATA: 'false', JWT_SECRET: jwtSecret, PORT: String(port), LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.1:${port}`, SMS_RATE_PER_SECOND: '2000' },
      `http://127.0.0.1:${port}`,
    );
    const barePort = await freePort();
    bareUrl = await startChild(['bench/bare-server.ts'], { DATABASE_URL: dbUrl, PORT: String(barePort) }, `http://127.0.0.1:${barePort}`);
  } else {
    baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
  }

  const login = async (loginId: string, password: string) => {
    const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password }) });
    if (!res.ok) throw new Error(`bench login ${loginId}: ${res.status} ${await res.text()}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    return { token: ((await res.json()) as { accessToken: string }).accessToken, cookie };
  };
  const ids = Object.fromEntries(
    (await database.db.select({ id: userAccounts.id, loginId: userAccounts.loginId }).from(userAccounts).where(inArray(userAccounts.loginId, ['admin', 'ta01', 'student01']))).map((r) => [r.loginId, r.id]),
  );
  const signIn = async () => ({ admin: (await login('admin', 'admin1234!')).token, ta: (await login('ta01', 'ta1234!')).token, student: (await login('student01', 'student1234!')).token });
  let signedInAt = performance.now();
  const env: BenchEnv = {
    baseUrl,
    databaseUrl: dbUrl,
    jwtSecret,
    db: database.db,
    ctx: built.ctx,
    modules: built.modules,
    driver,
    tmpDir,
    tokens: await signIn(),
    userIds: { admin: ids.admin!, ta: ids.ta01!, student: ids.student01! },
    serverPid: dbUrl ? children[0]?.pid : undefined,
  };

  const rows: Row[] = [];
  for (const s of scenarios) {
    // Access tokens live 15 minutes (lib/tokens.ts) and a whole run takes longer: later scenarios get fresh ones.
    if (performance.now() - signedInAt > TOKEN_RENEW_MS) {
      env.tokens = await signIn();
      signedInAt = performance.now();
    }
    process.stdout.write(`  ▶ ${s.name} … `);
    const before = rows.length;
    try {
      if (s.kind === 'custom') {
        rows.push({ name: s.name, target: s.target, ...(await s.measure(env)) });
      } else if (s.kind === 'pair') {
        if (!bareUrl) rows.push({ name: s.name, target: s.target, extra: { skipped: 'PostgreSQL 필요 (BENCH_DATABASE_URL)' } });
        else rows.push(...(await runPair(s, { ours: baseUrl, bare: bareUrl }, env, { ours: children[0]?.pid, bare: children[1]?.pid })));
      } else {
        // The server's own process (not the bench's, which runs autocannon too) when it has one.
        rows.push({ name: s.name, target: s.target, ...(await runHttp(s, baseUrl, env, login, dbUrl ? children[0]?.pid : undefined)) });
      }
      // Each result as it comes: a long run that is cut short still tells what it measured.
      console.log(`done ${rows.slice(before).map(({ name: _name, target: _target, ...figures }) => JSON.stringify(figures)).join(' · ')}`);
    } catch (e) {
      console.log(`failed: ${e instanceof Error ? e.message : String(e)}`);
      rows.push({ name: s.name, target: s.target, errors: -1, extra: { failed: e instanceof Error ? e.message : String(e) } });
    }
  }
  printTable(rows);
  const reportDir = path.join(serverRoot, '.bench');
  mkdirSync(reportDir, { recursive: true });
  const file = path.join(reportDir, `report-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const guards = quick ? judge(rows) : undefined;
  writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), db: dbUrl ? 'postgres' : 'pglite', cpus: os.cpus().length, loadAverage: os.loadavg(), durationSeconds: duration, quick, guards, rows }, null, 2));
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  if (guards) {
    console.log('\n성능 가드 (performance guard): ratios against the same work without our layers');
    console.table(guards.map((g) => ({ ratio: g.name, measured: g.ratio ?? '측정 실패', target: g.target, 'fails below': g.collapseBelow, result: g.ok ? 'ok' : 'COLLAPSE' })));
    if (guards.some((g) => !g.ok)) process.exitCode = 1;
  }

  for (const c of children) c.kill('SIGTERM');
  if (!dbUrl) await built.app.close();
  await driver.close();
  await database.close();
  rmSync(tmpDir, { recursive: true, force: true });
}

type Load = { rps: number; p50Ms: number; p99Ms: number; errors: number; cpuUs: number | null };

async function runHttp(s: HttpScenario, url: string, env: BenchEnv, login: (id: string, pw: string) => Promise<{ cookie: string }>, serverPid?: number): Promise<CustomResult> {
  const specs = await s.prepare(env);
  const connections = s.connections ?? 32;
  const cookiePool: string[] = [];
  if (specs.some((r) => r.rotateRefreshCookie)) {
    for (let i = 0; i < connections; i++) cookiePool.push((await login('bta02', 'ta1234!')).cookie);
  }
  const r = await load({ url, specs, connections, seconds: s.duration ?? duration, serverPid, cookiePool });
  return { rps: r.rps, p50Ms: r.p50Ms, p99Ms: r.p99Ms, errors: r.errors, ...(r.cpuUs === null ? {} : { extra: { 'server CPU µs/request': r.cpuUs } }) };
}

/**
 * A pair (types.ts PairScenario): ours and bare take turns, `rounds` times each, in rounds of equal
 * length, after a round each to warm up. Each side's figures are the medians of its rounds; the
 * verdict is the median of the rounds' ratios, so one round that met a busy moment of the machine
 * does not decide it.
 */
async function runPair(s: PairScenario, urls: { ours: string; bare: string }, env: BenchEnv, pids: { ours?: number; bare?: number }): Promise<Row[]> {
  const specs = await s.prepare(env);
  const rounds = s.rounds ?? Math.max(3, Math.round(duration / 2));
  const seconds = duration / rounds;
  const connections = s.connections ?? 32;
  const ours: Load[] = [];
  const bare: Load[] = [];
  // One round each first, not counted, as the GraphQL scenario warms up: a server just started
  // compiles its code on its first requests (ours has far more of it than bare Fastify).
  await load({ url: urls.ours, specs: specs.ours, connections, seconds, serverPid: pids.ours });
  await load({ url: urls.bare, specs: specs.bare, connections, seconds, serverPid: pids.bare });
  for (let i = 0; i < rounds; i++) {
    ours.push(await load({ url: urls.ours, specs: specs.ours, connections, seconds, serverPid: pids.ours }));
    bare.push(await load({ url: urls.bare, specs: specs.bare, connections, seconds, serverPid: pids.bare }));
  }
  const cpu = (l: Load[]): Record<string, number> => (l.every((x) => x.cpuUs !== null) ? { 'server CPU µs/request': median(l.map((x) => x.cpuUs!)) } : {});
  const row = (name: string, l: Load[], extra: Record<string, number | string>): Row => ({
    name,
    target: s.target,
    rps: median(l.map((x) => x.rps)),
    p50Ms: median(l.map((x) => x.p50Ms)),
    p99Ms: median(l.map((x) => x.p99Ms)),
    errors: l.reduce((n, x) => n + x.errors, 0),
    extra: { ...cpu(l), rounds, ...extra },
  });
  const ratios = ours.map((o, i) => o.rps / bare[i]!.rps);
  const cpuRatios = ours.every((o, i) => o.cpuUs && bare[i]!.cpuUs) ? ours.map((o, i) => bare[i]!.cpuUs! / o.cpuUs!) : null;
  return [
    row(s.name, ours, {
      '÷ bare (median of rounds)': Number(median(ratios).toFixed(2)),
      '÷ bare per round': ratios.map((r) => r.toFixed(2)).join(' '),
      ...(cpuRatios ? { 'CPU bare ÷ ours (median of rounds)': Number(median(cpuRatios).toFixed(2)) } : {}),
    }),
    row(s.bareName, bare, {}),
  ];
}

async function load(o: { url: string; specs: HttpRequestSpec[]; connections: number; seconds: number; serverPid?: number; cookiePool?: string[] }): Promise<Load> {
  const cookiePool = o.cookiePool ?? [];
  const cpu0 = treeCpuSeconds(o.serverPid);
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.seconds,
    requests: o.specs.map((r) => ({
      method: r.method,
      path: r.path,
      headers: r.headers,
      body: r.body,
      ...(r.bodies ? { setupRequest: rotating(r.bodies) } : {}),
      ...(r.rotateRefreshCookie
        ? {
            // autocannon clears its per-connection context after every loop, so live tokens are
            // kept in a shared pool: take one for a request, put back the rotated one it returns.
            setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...(req.headers ?? {}), cookie: cookiePool.shift() ?? '' } }),
            onResponse: (_status: number, _body: string, _context: unknown, headers?: Record<string, string | string[]>) => {
              const set = headers?.['set-cookie'];
              const first = Array.isArray(set) ? set[0] : set;
              if (first) cookiePool.push(first.split(';')[0] ?? '');
            },
          }
        : {}),
    })) as autocannon.Request[],
  });
  const cpu1 = treeCpuSeconds(o.serverPid);
  const cpuUs = cpu0 !== null && cpu1 !== null && result.requests.total > 0 ? Math.round(((cpu1 - cpu0) * 1e6) / result.requests.total) : null;
  // Requests over the run's own length: autocannon's average is of whole-second samples, too few in a short round.
  return { rps: result.duration > 0 ? result.requests.total / result.duration : 0, p50Ms: result.latency.p50, p99Ms: result.latency.p99, errors: result.errors + result.non2xx, cpuUs };
}

/** A request builder that hands out `bodies` in turn, across connections. */
function rotating(bodies: string[]): (req: autocannon.Request) => autocannon.Request {
  let next = 0;
  return (req) => ({ ...req, body: bodies[next++ % bodies.length] });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function printTable(rows: Row[]): void {
  const fmt = (n: number | undefined, d = 1) => (n === undefined ? '' : n.toLocaleString('en-US', { maximumFractionDigits: d }));
  const table = rows.map((r) => ({
    scenario: r.name,
    'req/s': fmt(r.rps, 0),
    'p50 ms': fmt(r.p50Ms),
    'p99 ms': fmt(r.p99Ms),
    errors: r.errors === undefined ? '' : String(r.errors),
    target: r.target ?? '',
    extra: r.extra ? Object.entries(r.extra).map(([k, v]) => `${k}=${typeof v === 'number' ? fmt(v, 2) : v}`).join(' ') : '',
  }));
  console.log('');
  console.table(table);
}

async function loadScenarios(): Promise<Scenario[]> {
  const dir = path.join(here, 'scenarios');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts')).sort();
  const all: Scenario[] = [];
  for (const f of files) {
    const mod = (await import(path.join(dir, f))) as { scenarios?: Scenario[] };
    all.push(...(mod.scenarios ?? []));
  }
  return all;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts a TypeScript entry point as its own process and waits until it answers. */
async function startChild(args: string[], env: Record<string, string>, url: string): Promise<string> {
  const tsx = path.join(serverRoot, '..', '..', 'node_modules', '.bin', 'tsx');
  const child = spawn(tsx, args, { cwd: serverRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  // Up to two minutes: on a loaded machine tsx compiles the server for a good while before it listens.
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${args[0]} exited with ${child.exitCode}`);
    try {
      await fetch(`${url}/api/health`);
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${args[0]} did not start`);
}

main().catch((e: unknown) => {
  console.error(e);
  for (const c of children) c.kill('SIGTERM');
  process.exit(1);
});
