/**
 * A vitest reporter (scripts/test.mjs adds it): writes each test file's time to the JSON file named
 * by TEST_FILE_TIMES, for scripts/slow-tests.mjs. vitest's own JSON report counts only the tests'
 * bodies; this counts what the file costs once it has a worker: its hooks and tests (`seconds`, the
 * figure the default reporter prints beside the file, and the one the budget holds), and apart
 * from it the import of its modules (`importSeconds`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class FileTimesReporter {
  onTestRunEnd(testModules) {
    const out = process.env.TEST_FILE_TIMES;
    if (!out) return;
    const files = testModules.map((m) => {
      const d = m.diagnostic();
      return { file: m.moduleId, seconds: d.duration / 1000, importSeconds: (d.collectDuration + d.setupDuration + d.prepareDuration) / 1000, tests: [...m.children.allTests()].length, state: m.state() };
    });
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ files }, null, 1));
  }
}
