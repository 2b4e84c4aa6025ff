import { EXAM_ERRORS, SCORE_LOCK_TTL_MS, type ScoreLock } from '@academy/contracts/exams';
import { and, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { selectRows } from '../../db/sql.ts';
import { appError } from '../../lib/errors.ts';
import type { ExamsDeps } from './exams.deps.ts';
import { getExamRow, publishToGrid } from './exams.rows.ts';
import { scoreLocks } from './exams.table.ts';

type Actor = { id: number };

const mapLock = (l: typeof scoreLocks.$inferSelect): ScoreLock => ({
  examId: l.examId, userId: l.userId, holderId: l.holderId, holderName: l.holderName, expiresAt: l.expiresAt.toISOString(),
});

/**
 * Score-cell locks: a TA who starts typing into a cell holds it; others see "김조교 입력 중" and
 * cannot write it. One statement takes or renews a lock, so two TAs racing for a cell cannot both
 * get it; a lock lapses after 60 s without a keep-alive.
 */
export function createLockService(deps: ExamsDeps) {
  const { ctx, users } = deps;
  const { db, realtime } = ctx;

  return {
    async request(opts: { examId: number; userId: number; actor: Actor }): Promise<ScoreLock> {
      const exam = await getExamRow(db, opts.examId);
      const holderName = (await users.directory([opts.actor.id])).get(opts.actor.id)?.name ?? '직원';
      const now = ctx.now();
      const expiresAt = new Date(now.getTime() + SCORE_LOCK_TTL_MS);
      return db.transaction(async () => {
        const [taken] = await selectRows<typeof scoreLocks.$inferSelect>(db, sql`
          insert into ${scoreLocks} (exam_id, user_id, holder_id, holder_name, expires_at)
          values (${opts.examId}, ${opts.userId}, ${opts.actor.id}, ${holderName}, ${expiresAt})
          on conflict (exam_id, user_id) do update
            set holder_id = excluded.holder_id, holder_name = excluded.holder_name, expires_at = excluded.expires_at
            where ${scoreLocks.holderId} = excluded.holder_id or ${scoreLocks.expiresAt} <= ${now}
          returning exam_id as "examId", user_id as "userId", holder_id as "holderId", holder_name as "holderName", expires_at as "expiresAt"`);
        if (!taken) {
          const [other] = await db.select().from(scoreLocks).where(and(eq(scoreLocks.examId, opts.examId), eq(scoreLocks.userId, opts.userId)));
          throw appError(EXAM_ERRORS.cell_locked, `${other?.holderName ?? '다른 직원'} 님이 입력 중입니다. 잠시 후 다시 시도해 주세요`, { details: other ? mapLock(other) : undefined });
        }
        const lock = mapLock({ ...taken, expiresAt: new Date(taken.expiresAt) });
        await publishToGrid(realtime, exam.lectureId, { type: 'lock', data: lock });
        return lock;
      });
    },

    async release(opts: { examId: number; userId: number; actor: Actor }): Promise<{ released: boolean }> {
      const exam = await getExamRow(db, opts.examId);
      return db.transaction(async () => {
        const gone = await db
          .delete(scoreLocks)
          .where(and(eq(scoreLocks.examId, opts.examId), eq(scoreLocks.userId, opts.userId), eq(scoreLocks.holderId, opts.actor.id)))
          .returning({ examId: scoreLocks.examId });
        if (gone.length) await publishToGrid(realtime, exam.lectureId, { type: 'unlock', data: { examId: opts.examId, userId: opts.userId } });
        return { released: gone.length > 0 };
      });
    },

    /** Refuses a write to cells someone else holds (409 naming who), inside the writer's transaction. */
    async assertFree(opts: { cells: readonly { examId: number; userId: number }[]; actor: Actor }): Promise<void> {
      if (opts.cells.length === 0) return;
      const examIds = [...new Set(opts.cells.map((c) => c.examId))];
      const held = await db
        .select()
        .from(scoreLocks)
        .where(and(inArray(scoreLocks.examId, examIds), ne(scoreLocks.holderId, opts.actor.id), gt(scoreLocks.expiresAt, ctx.now())));
      const wanted = new Set(opts.cells.map((c) => `${c.examId}:${c.userId}`));
      const clash = held.find((l) => wanted.has(`${l.examId}:${l.userId}`));
      if (clash) throw appError(EXAM_ERRORS.cell_locked, `${clash.holderName} 님이 입력 중인 칸입니다. 잠시 후 다시 시도해 주세요`, { details: mapLock(clash) });
    },

    /** The live locks of these exams, for the grid. */
    async activeOf(examIds: readonly number[]): Promise<ScoreLock[]> {
      if (examIds.length === 0) return [];
      const rows = await db.select().from(scoreLocks).where(and(inArray(scoreLocks.examId, [...examIds]), gt(scoreLocks.expiresAt, ctx.now())));
      return rows.map(mapLock);
    },
  };
}

export type LockService = ReturnType<typeof createLockService>;
