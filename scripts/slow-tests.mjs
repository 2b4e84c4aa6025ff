#!/usr/bin/env node
/**
 * The slowest test files of a run, and the per-file budget (issue 36). Reads the file times that
 * `npm test` writes beside its vitest JSON reports (scripts/test.mjs, into TEST_REPORT_DIR when
 * set; scripts/file-times-reporter.mjs), every *.times.json under the folders given, and prints the
 * 10 slowest files with their suite (server, browser, …, with the folder when there are several,
 * e.g. postgres/server).
 *
 *   node scripts/slow-tests.mjs DIR… [--top N] [--budget]
 *
 * A file's time is its hooks and tests (the app a file boots in beforeAll counts), not the wait for
 * a free worker; the import of its modules is shown beside it. `--budget` fails (exit 1) when a
 * server file takes longer than TEST_BUDGET_SECONDS (60); browser files are held to it only with
 * TEST_BUDGET_BROWSER=1. Ends with the failed tests of the vitest JSON reports beside them (file,
 * name, the first lines of the error), so that a CI log's tail names what failed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const budgetMode = args.includes('--budget');
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) || 0 : 10;
const dirs = args.filter((a, i) => !a.startsWith('--') && (topAt < 0 || i !== topAt + 1));
const budgetSeconds = Number(process.env.TEST_BUDGET_SECONDS) || 60;
const checked = new Set(['server', ...(process.env.TEST_BUDGET_BROWSER === '1' ? ['browser'] : [])]);
const root = path.join(path.dirname(new URL(import.meta.url).pathname), '..');

if (!dirs.length) {
  console.error('사용법 (usage): node scripts/slow-tests.mjs DIR… [--top N] [--budget]');
  process.exit(2);
}

function reportsIn(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return reportsIn(full);
    return name.endsWith('.times.json') ? [full] : [];
  });
}

function failuresIn(dir) {
  const out = [];
  for (const times of reportsIn(dir)) {
    const report = times.replace(/\.times\.json$/, '.json');
    if (!existsSync(report)) continue;
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      continue;
    }
    const where = path.relative(dir, path.dirname(report));
    const suite = path.basename(report, '.json');
    for (const file of parsed.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (!failedTests.length && file.status === 'failed') failedTests.push({ fullName: '(파일 전체 — the file itself)', failureMessages: [file.message ?? ''] });
      for (const a of failedTests) {
        const message = (a.failureMessages ?? []).join('\n').split('\n').filter((l) => l.trim()).slice(0, 4).join('\n      ');
        out.push({ label: where ? `${where}/${suite}` : suite, file: path.relative(root, file.name), name: a.fullName ?? a.title, message });
      }
    }
  }
  return out;
}

const files = [];
for (const dir of dirs) {
  const reports = reportsIn(dir);
  for (const report of reports) {
    const suite = path.basename(report, '.times.json');
    const where = path.relative(dir, path.dirname(report));
    let parsed;
    try {
      parsed = JSON.parse(readFileSync(report, 'utf8'));
    } catch {
      continue;
    }
    for (const f of parsed.files ?? []) {
      files.push({ suite, label: where ? `${where}/${suite}` : suite, file: path.relative(root, f.file), seconds: f.seconds, importSeconds: f.importSeconds, tests: f.tests });
    }
  }
}

files.sort((a, b) => b.seconds - a.seconds);
const shown = files.slice(0, top);
if (shown.length) {
  console.log(`\n가장 느린 테스트 파일 ${shown.length}개 (slowest test files; budget ${budgetSeconds} s per ${[...checked].join('/')} file)`);
  const width = Math.max(...shown.map((f) => f.file.length));
  for (const f of shown) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.label.padEnd(16)} ${f.file.padEnd(width)}  ${String(f.tests).padStart(3)} tests, import ${f.importSeconds.toFixed(1)} s`);
} else if (!files.length) {
  console.log('테스트 보고서가 없습니다 (no test reports found)');
}

const failures = budgetMode ? [] : dirs.flatMap(failuresIn);
if (failures.length) {
  console.log(`\n실패한 테스트 ${failures.length}개 (failed tests)`);
  for (const f of failures.slice(0, 20)) console.log(`  ✗ ${f.label}  ${f.file}\n    ${f.name}\n      ${f.message}`);
}

if (budgetMode) {
  const over = files.filter((f) => checked.has(f.suite) && f.seconds > budgetSeconds);
  if (over.length) {
    console.error(`\n✗ 테스트 파일 하나가 ${budgetSeconds}초를 넘었습니다 (test files over the ${budgetSeconds} s budget):`);
    for (const f of over) console.error(`  ${f.seconds.toFixed(1)} s  ${f.label}  ${f.file}`);
    console.error('  나누거나 빌더로 필요한 데이터만 만드세요 (split the file, or build only the rows it needs; README "Slow tests")');
    process.exit(1);
  }
  console.log(`✓ 모든 ${[...checked].join('/')} 테스트 파일이 ${budgetSeconds}초 안에 끝났습니다 (every file within the budget)`);
}
