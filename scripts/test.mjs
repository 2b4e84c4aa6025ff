#!/usr/bin/env node
/**
 * `npm test`: unit and integration tests of every workspace (server on PGlite, or on the
 * PostgreSQL named by TEST_DATABASE_URL), then the browser tests when a Chromium is found
 * (CHROMIUM_PATH, else /usr/bin/chromium). REQUIRE_BROWSER_TESTS=1 turns a missing browser into
 * a failure (CI). `npm test -- server` runs only the suites whose name contains "server".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const requireBrowser = process.env.REQUIRE_BROWSER_TESTS === '1';
const reports = mkdtempSync(path.join(os.tmpdir(), 'academy-test-'));

const suites = [
  { name: 'tools', cwd: 'tools', args: ['vitest', 'run'] },
  { name: 'contracts', cwd: 'packages/contracts', args: ['vitest', 'run'] },
  { name: 'server', cwd: 'apps/server', args: ['vitest', 'run'] },
  { name: 'web', cwd: 'apps/web', args: ['vitest', 'run'], when: () => existsSync(path.join(root, 'apps/web/vitest.config.ts')) },
  {
    name: 'browser',
    cwd: 'apps/web',
    args: ['vitest', 'run', '-c', 'vitest.e2e.config.ts'],
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

function run(label, cmd, args, cwd, extraEnv = {}) {
  console.log(`\n━━ ${label} ━━`);
  const res = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: chromium, ...extraEnv } });
  return res.status ?? 1;
}

let passed = 0;
let failed = 0;
let skipped = 0;
let failedSuites = [];
for (const s of suites) {
  if (only && !s.name.includes(only)) continue;
  if (s.when && !s.when()) continue;
  if (s.before && s.before() !== 0) {
    failedSuites.push(`${s.name} (build)`);
    continue;
  }
  const out = path.join(reports, `${s.name}.json`);
  const code = run(`${s.name} tests`, 'npx', [...s.args, '--reporter=default', '--reporter=json', `--outputFile=${out}`], path.join(root, s.cwd));
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  if (code !== 0) failedSuites.push(s.name);
}

console.log('');
if (failedSuites.length) console.log(`실패한 묶음 (failed suites): ${failedSuites.join(', ')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSuites.length || failed ? 1 : 0);
