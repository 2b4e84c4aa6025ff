import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module kit's boundaries, proved on deliberate violations: the repository's own ESLint
 * configuration must refuse them (and accept the allowed shapes).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'academy/boundaries').map((m) => m.message);
}

describe('server module boundaries', () => {
  it("refuses another module's table", async () => {
    const found = await problems('apps/server/src/modules/exams/exams.service.ts', "import { weeklyLectureParticipants } from '../lectures/lectures.table.ts';\nexport const x = weeklyLectureParticipants;\n");
    expect(found).toEqual([expect.stringContaining("may not import 'src/modules/lectures/lectures.table.ts'")]);
  });

  it("refuses another module's service and a re-export of it", async () => {
    expect(await problems('apps/server/src/modules/exams/exams.service.ts', "import { createRosterService } from '../lectures/roster.service.ts';\nexport const x = createRosterService;\n")).toHaveLength(1);
    expect(await problems('apps/server/src/modules/exams/index.ts', "export { createRosterService } from '../lectures/roster.service.ts';\n")).toHaveLength(1);
  });

  it('lets shared code stay free of modules', async () => {
    expect(await problems('apps/server/src/lib/audit/x.ts', "import type { LecturesModule } from '../../modules/lectures/index.ts';\nexport type X = LecturesModule;\n")).toHaveLength(1);
  });

  it('allows public files, own internals, testkits in tests and foreign keys between tables', async () => {
    expect(await problems('apps/server/src/modules/exams/exams.service.ts', "import type { LecturesModule } from '../lectures/index.ts';\nimport { x } from './exams.table.ts';\nexport type X = LecturesModule | typeof x;\n")).toEqual([]);
    expect(await problems('apps/server/src/modules/exams/exams.test.ts', "import { makeLecture } from '../lectures/lectures.testkit.ts';\nexport const m = makeLecture;\n")).toEqual([]);
    expect(await problems('apps/server/src/modules/exams/exams.table.ts', "import { weeklyLectures } from '../lectures/lectures.table.ts';\nexport const w = weeklyLectures;\n")).toEqual([]);
    expect(await problems('apps/server/src/modules/exams/exams.service.ts', "import { makeLecture } from '../lectures/lectures.testkit.ts';\nexport const m = makeLecture;\n")).toHaveLength(1);
  });
});

describe('web feature boundaries', () => {
  it('refuses a cross-feature import', async () => {
    const found = await problems('apps/web/src/features/exams/score-grid.tsx', "import { LectureFormDialog } from '../lectures/lecture-form-dialog.tsx';\nexport const X = LectureFormDialog;\n");
    expect(found).toEqual([expect.stringContaining("feature 'exams' may not import feature 'lectures'")]);
  });

  it('keeps components and lib free of features; pages compose features', async () => {
    expect(await problems('apps/web/src/components/x.tsx', "import { X } from '../features/lectures/x.tsx';\nexport const Y = X;\n")).toHaveLength(1);
    expect(await problems('apps/web/src/routes/crm/exams/list.tsx', "import { X } from '../../../features/lectures/x.tsx';\nimport { Y } from '../../../features/exams/y.tsx';\nexport const Z = [X, Y];\n")).toEqual([]);
  });
});
