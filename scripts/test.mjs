#!/usr/bin/env node
/**
 * `npm test`: unit and integration tests of every workspace (server on PGlite, or on the
 * PostgreSQL named by TEST_DATABASE_URL), then the browser tests when a Chromium is found
 * (CHROMIUM_PATH, else /usr/bin/chromium). REQUIRE_BROWSER_TESTS=1 turns a missing browser into
 * a failure (CI). `npm test -- server` runs only the suites whose name contains "server"; what
 * follows is passed to vitest (`npm test -- server src/modules/tags`).
 *
 * TEST_POSTGRES_URL (CI): the server suite runs twice at the same time, on PGlite and on that
 * PostgreSQL server, as two vitest processes sharing the machine's cores; one run's waits (PGlite's
 * thread, argon2, the network) are the other's CPU time.
 * TEST_REPORT_DIR: where the suites' vitest JSON reports and file times (scripts/file-times-reporter.mjs)
 * go (default a temp folder; the two server runs in pglite/ and postgres/);
 * `node scripts/slow-tests.mjs DIR` lists the slowest files.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
// After the suite's name, vitest arguments (files, -t …): `npm test -- server src/modules/tags`.
const extra = process.argv.slice(3);
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const requireBrowser = process.env.REQUIRE_BROWSER_TESTS === '1';
const reports = process.env.TEST_REPORT_DIR ? path.resolve(process.env.TEST_REPORT_DIR) : mkdtempSync(path.join(os.tmpdir(), 'academy-test-'));
mkdirSync(reports, { recursive: true });
const cores = os.availableParallelism();
const timesReporter = path.join(root, 'scripts/file-times-reporter.mjs');
const postgres = process.env.TEST_POSTGRES_URL;
// Each of the two server runs: TEST_SERVER_WORKERS files at a time (default half the cores).
const splitWorkers = Number(process.env.TEST_SERVER_WORKERS) || Math.max(1, Math.ceil(cores / 2));

/** The server suite's runs: one database, or both side by side with the cores split between them. */
const serverRuns = postgres
  ? [
      { dir: 'pglite', env: { TEST_DATABASE_URL: '' }, workers: splitWorkers },
      { dir: 'postgres', env: { TEST_DATABASE_URL: postgres }, workers: splitWorkers },
    ]
  : [{ dir: '', env: {}, workers: null }];

const suites = [
  { name: 'tools', cwd: 'tools', args: ['vitest', 'run'] },
  { name: 'contracts', cwd: 'packages/contracts', args: ['vitest', 'run'] },
  { name: 'server', cwd: 'apps/server', args: ['vitest', 'run'], runs: serverRuns },
  { name: 'web', cwd: 'apps/web', args: ['vitest', 'run'], when: () => existsSync(path.join(root, 'apps/web/vitest.config.ts')) },
  {
    name: 'browser',
    cwd: 'apps/web',
    args: ['vitest', 'run', '-c', 'vitest.e2e.config.ts'],
    // Built just now (before): each file's server starts from the bundle (e2e/server.ts).
    env: { E2E_BUILT_SERVER: '1' },
    when: () => existsSync(path.join(root, 'apps/web/vitest.e2e.config.ts')) && browserAvailable(),
    before: () => run('빌드 (build)', 'npm', ['run', 'build'], root),
  },
];

function browserAvailable() {
  if (existsSync(chromium)) return true;
  const msg = `Chromium을 찾지 못해 브라우저 테스트를 건너뜁니다 (browser tests skipped: no Chromium at ${chromium}; set CHROMIUM_PATH)`;
  if (requireBrowser) {
    console.error(`✗ ${msg}`);
    process.exit(1);
  }
  console.log(`⚠ ${msg}`);
  return false;
}

/** Runs a command; with `prefix`, its output lines are prefixed (two runs print at once). */
function run(label, cmd, args, cwd, extraEnv = {}, prefix = '') {
  console.log(`\n━━ ${label} ━━`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, ...extraEnv } });
    if (prefix) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        let rest = '';
        from.on('data', (chunk) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`${prefix} ${line}\n`);
        });
        from.on('end', () => rest && to.write(`${prefix} ${rest}\n`));
      }
    }
    child.on('close', (code) => resolve(code ?? 1));
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSuites = [];
for (const s of suites) {
  if (only && !s.name.includes(only)) continue;
  if (s.when && !s.when()) continue;
  if (s.before && (await s.before()) !== 0) {
    failedSuites.push(`${s.name} (build)`);
    continue;
  }
  const runs = s.runs ?? [{ dir: '', env: {}, workers: null }];
  const results = await Promise.all(
    runs.map(async (r) => {
      const dir = path.join(reports, r.dir);
      mkdirSync(dir, { recursive: true });
      const out = path.join(dir, `${s.name}.json`);
      const times = path.join(dir, `${s.name}.times.json`);
      const name = r.dir ? `${s.name}/${r.dir}` : s.name;
      const workers = r.workers ? [`--maxWorkers=${r.workers}`] : [];
      const code = await run(`${name} tests`, 'npx', [...s.args, ...extra, ...workers, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, `--reporter=${timesReporter}`], path.join(root, s.cwd), { ...s.env, ...r.env, TEST_FILE_TIMES: times }, runs.length > 1 ? `[${r.dir}]` : '');
      return { name, code, out };
    }),
  );
  for (const { name, code, out } of results) {
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      skipped += r.numPendingTests + r.numTodoTests;
    }
    if (code !== 0) failedSuites.push(name);
  }
}

console.log('');
if (failedSuites.length) console.log(`실패한 묶음 (failed suites): ${failedSuites.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSuites.length || failed ? 1 : 0);
