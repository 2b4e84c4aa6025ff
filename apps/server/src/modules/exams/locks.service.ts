import { EXAM_ERRORS, SCORE_LOCK_TTL_MS, type ScoreLock } from '@academy/contracts/exams';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { examQueries, type LockRow } from './exams.queries.ts';
import { getExamRow, publishToGrid } from './exams.rows.ts';

type Actor = { id: number };
type Cell = { examId: number; userId: number };

const mapLock = (l: LockRow): ScoreLock => ({
  examId: l.examId, userId: l.userId, holderId: l.holderId, holderName: l.holderName, expiresAt: l.expiresAt.toISOString(),
});

/**
 * Score-cell locks: a TA whose editor stays open on a cell holds it; others see "김조교 입력 중" and
 * cannot write it. One statement takes or renews a lock, so two TAs racing for a cell cannot both
 * get it; a lock lapses after 60 s without a keep-alive. A write of the cell by its holder releases
 * it in the write's transaction (`claim`), so a typed score costs one request.
 */
export function createLockService(deps: ExamsDeps) {
  const { ctx, users } = deps;
  const { db, realtime } = ctx;
  const q = examQueries(db);

  return {
    async request(opts: Cell & { actor: Actor }): Promise<ScoreLock> {
      const exam = await getExamRow(q, opts.examId);
      const holderName = (await users.directory([opts.actor.id])).get(opts.actor.id)?.name ?? '직원';
      const now = ctx.now();
      return db.transaction(async () => {
        const taken = await q.takeLock({ examId: opts.examId, userId: opts.userId, holderId: opts.actor.id, holderName, expiresAt: new Date(now.getTime() + SCORE_LOCK_TTL_MS), now });
        if (!taken) {
          const other = await q.lock(opts);
          throw appError(EXAM_ERRORS.cell_locked, `${other?.holderName ?? '다른 직원'} 님이 입력 중입니다. 잠시 후 다시 시도해 주세요`, { details: other ? mapLock(other) : undefined });
        }
        const lock = mapLock(taken);
        await publishToGrid(realtime, exam.lectureId, { type: 'lock', data: lock });
        return lock;
      });
    },

    async release(opts: Cell & { actor: Actor }): Promise<{ released: boolean }> {
      const exam = await getExamRow(q, opts.examId);
      return db.transaction(async () => {
        const gone = await q.releaseLocks([opts], opts.actor.id);
        if (gone.length) await publishToGrid(realtime, exam.lectureId, { type: 'unlock', data: { examId: opts.examId, userId: opts.userId } });
        return { released: gone.length > 0 };
      });
    },

    /**
     * Inside a write's transaction: refuses cells someone else holds (409 naming who), and releases
     * the writer's own locks of these cells, telling the grids of each lecture (`lectureOf`).
     */
    async claim(opts: { cells: readonly Cell[]; actor: Actor; lectureOf: (examId: number) => number }): Promise<void> {
      if (opts.cells.length === 0) return;
      const { held, released } = await q.claimLocks(opts.cells, opts.actor.id, ctx.now());
      const clash = held[0];
      if (clash) throw appError(EXAM_ERRORS.cell_locked, `${clash.holderName} 님이 입력 중인 칸입니다. 잠시 후 다시 시도해 주세요`, { details: mapLock(clash) });
      for (const c of released) await publishToGrid(realtime, opts.lectureOf(c.examId), { type: 'unlock', data: c });
    },

    /** The live locks of these exams, for the grid. */
    async activeOf(examIds: readonly number[]): Promise<ScoreLock[]> {
      if (examIds.length === 0) return [];
      return (await q.liveLocks(examIds, ctx.now())).map(mapLock);
    },
  };
}

export type LockService = ReturnType<typeof createLockService>;
