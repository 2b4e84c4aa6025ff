import { examQueries } from './exams.queries.ts';
import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { createClinicLink } from './clinic-link.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { examTemplatesResource } from './exams.resource.ts';
import { examRoutes } from './exams.routes.ts';
import { createExamService, type ReleaseListener } from './exams.service.ts';
import { createExcelService } from './excel.service.ts';
import { createGridService } from './grid.service.ts';
import { largeExamsStep } from './exams.large.ts';
import { seedDemoExams } from './exams.seed.ts';
import { createScoreLinkService } from './links.service.ts';
import { createLockService } from './locks.service.ts';
import { createResultService } from './results.service.ts';
import { createRetakeService } from './retakes.service.ts';
import { createScoringService } from './scoring.service.ts';
import { createStatisticsService } from './statistics.service.ts';
import { createTemplateService } from './templates.service.ts';

export type { ClinicScore } from './clinic-link.ts';
export type ExamsModule = ReturnType<typeof createExamsModule>;
export type { ExamReleased, ReleaseListener } from './exams.service.ts';

/**
 * Weekly tests: templates, the exams of each session, scores with their locks, memos and audit
 * trail, re-grading, retakes, statistics, release to students, online answers, and the parent's
 * score link. Other modules use (clinic, OMR, the parent's week):
 *
 * - `scores.write` — change cells the way the grid does (rules, locks, audit, realtime);
 * - `scores.get` — one cell as the grid shows it; `scores.ofExam` — many students' cells of one exam;
 * - `exams.get` — an exam with its answer key; `exams.onRelease` — a listener told of every release
 *   in its transaction (the SMS area's texts to parents);
 * - `clinic` — a student's 클리닉대상 scores, the clinic status on booking, the retake that closes it;
 * - `results` — a student's released results of some sessions (the parent's week), 1st scores of
 *   an exam, who took it;
 * - `scoreLinks.create` — parent links to a result, texted with the caller's words;
 * - `trends` — per exam of some sessions, the class average against the cutline (the dashboard).
 */
export function createExamsModule(deps: ExamsDeps) {
  const locks = createLockService(deps);
  const scoring = createScoringService({ ...deps, locks });
  const releaseListeners: ReleaseListener[] = [];
  const exams = createExamService({ ...deps, releaseListeners });
  const templates = createTemplateService(deps);
  const grid = createGridService({ ...deps, locks });
  const statistics = createStatisticsService(deps);
  const retakes = createRetakeService(deps);
  const excel = createExcelService({ ...deps, scoring });
  const results = createResultService({ ...deps, scoring });
  const links = createScoreLinkService({ ...deps, results, scoring });

  return {
    scores: { write: scoring.write, get: scoring.get, ofExam: scoring.ofExam },
    exams: { get: exams.get, onRelease: (listener: ReleaseListener) => void releaseListeners.push(listener) },
    clinic: createClinicLink({ ...deps, scoring }),
    results: { ofSessions: results.ofSessions, firstScores: results.firstScores, takers: results.takers },
    scoreLinks: { create: links.create },
    trends: { ofSessions: (weeklyLectureIds: readonly number[]) => examQueries(deps.ctx.db).classTrends(weeklyLectureIds) },
    register(app) {
      examRoutes(app, { ctx: deps.ctx, templates, exams, scoring, locks, grid, statistics, retakes, excel, results, links });
      registerResource(app, examTemplatesResource);
    },
    seed: { demo: (seed) => seedDemoExams({ ...deps, exams, scoring, templates }, seed), large: largeExamsStep(deps) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
