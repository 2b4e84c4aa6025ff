import { SCORE_LOCK_KEEPALIVE_MS } from '@academy/contracts/exams';
import { useCallback, useEffect, useRef } from 'react';
import { lockScoreCell } from './api/lock-score.ts';
import { unlockScoreCell } from './api/unlock-score.ts';
import { cellKey } from './score-grid-model.ts';

type Held = { key: string; examId: number; userId: number; acquired: Promise<boolean>; timer: ReturnType<typeof setInterval> };

/**
 * The lock of the one cell this screen is editing: taken when typing starts, renewed every
 * SCORE_LOCK_KEEPALIVE_MS while the editor stays open, released when it closes — always after the
 * lock request and the pending write have answered, so a late request never leaves a lock behind.
 */
export function useCellLock() {
  const held = useRef<Held | null>(null);

  const release = useCallback((after?: Promise<unknown>) => {
    const h = held.current;
    if (!h) return;
    held.current = null;
    clearInterval(h.timer);
    void Promise.allSettled([h.acquired, after]).then(([got]) => {
      if (got.status === 'fulfilled' && got.value) void unlockScoreCell(h.examId, h.userId).catch(() => {});
    });
  }, []);

  /** Takes the cell's lock; rejects with the server's 409 (`exams.cell_locked`) when someone else holds it. */
  const hold = useCallback(
    (examId: number, userId: number): Promise<boolean> => {
      const key = cellKey(examId, userId);
      if (held.current?.key === key) return held.current.acquired;
      release();
      const acquired = lockScoreCell(examId, userId).then(() => true);
      const timer = setInterval(() => void lockScoreCell(examId, userId).catch(() => {}), SCORE_LOCK_KEEPALIVE_MS);
      const h: Held = { key, examId, userId, acquired, timer };
      held.current = h;
      acquired.catch(() => {
        if (held.current === h) {
          clearInterval(h.timer);
          held.current = null;
        }
      });
      return acquired;
    },
    [release],
  );

  const isMine = useCallback((examId: number, userId: number) => held.current?.key === cellKey(examId, userId), []);

  useEffect(() => () => release(), [release]);
  return { hold, release, isMine };
}
