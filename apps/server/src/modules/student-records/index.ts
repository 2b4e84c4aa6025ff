import type { ModuleHooks } from '../../module.ts';
import { createConsultService } from './consults.service.ts';
import { createMemoService } from './memos.service.ts';
import { createScoreService } from './scores.service.ts';
import type { StudentRecordsDeps } from './student-records.deps.ts';
import { studentRecordRoutes } from './student-records.routes.ts';
import { seedDemoRecords } from './student-records.seed.ts';

export type StudentRecordsModule = ReturnType<typeof createStudentRecordsModule>;

/**
 * Student records: consults (상담), memos (pinned first) and 모의고사/내신 scores of one student,
 * under /api/students/{id}. Owns student_consults, student_memos and actual_exam_scores. Records
 * hang off a live student (asked of the students module); a deleted student keeps them.
 */
export function createStudentRecordsModule(deps: StudentRecordsDeps) {
  const consults = createConsultService(deps);
  const memos = createMemoService(deps);
  const scores = createScoreService(deps);
  return {
    /** Consult notes written elsewhere (the note after a counsel session) land in the student's record here. */
    consults: { create: consults.create, update: consults.update, contentsOf: consults.contentsOf },
    register(app) {
      studentRecordRoutes(app, { consults, memos, scores });
    },
    seed: { demo: (seed) => seedDemoRecords(deps, seed) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
