import type { ModuleHooks } from '../../module.ts';
import { createApplyService } from './apply.service.ts';
import { createBatchService } from './batches.service.ts';
import { createNumberService } from './numbers.service.ts';
import type { OmrDeps } from './omr.deps.ts';
import { omrRoutes } from './omr.routes.ts';
import { createPrintService } from './print.service.ts';
import { createReviewService } from './review.service.ts';
import { createOmrPool } from './worker-pool.ts';

export type OmrModule = ReturnType<typeof createOmrModule>;

/**
 * OMR (README.md beside this file): the answer sheet printed for an exam, reading scans and phone
 * photos in capped worker processes (one `omr.read` job per batch), the confirm screen's data, and answers written as scores through the
 * exams module's one score write. Other modules use nothing of it; `idle` lets tests wait for
 * the batches being read.
 */
export function createOmrModule(deps: Omit<OmrDeps, 'pool'> & { pool?: OmrDeps['pool'] }) {
  const full: OmrDeps = { ...deps, pool: deps.pool ?? createOmrPool() };
  const numbers = createNumberService(full);
  const print = createPrintService({ ...full, numbers });
  const batches = createBatchService({ ...full, print, numbers });
  const review = createReviewService({ ...full, print });
  const apply = createApplyService({ ...full, batches });

  return {
    idle: batches.idle,
    /** The worker processes' ids (tests read their memory). */
    workerPids: full.pool.pids,
    close: full.pool.close,
    register(app) {
      omrRoutes(app, { print, batches, review, apply });
      app.addHook('onClose', () => full.pool.close());
    },
    jobs: [batches.definition],
  } satisfies ModuleHooks & Record<string, unknown>;
}
