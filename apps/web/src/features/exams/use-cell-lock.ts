import { SCORE_LOCK_KEEPALIVE_MS } from '@academy/contracts/exams';
import { useCallback, useEffect, useRef } from 'react';
import { lockScoreCell } from './api/lock-score.ts';
import { unlockScoreCell } from './api/unlock-score.ts';
import { cellKey } from './score-grid-model.ts';

/**
 * How long a cell stays open before the others are told "김조교 입력 중". A score typed and entered
 * within it costs one request (the write, which refuses a cell someone else holds and one the
 * screen saw in an older version); an editor left open takes the lock so nobody types over it.
 */
export const LOCK_AFTER_MS = 1500;

type Held = { key: string; examId: number; userId: number; acquired: Promise<boolean> | null; timers: ReturnType<typeof setTimeout>[] };
type Refs = { held: { current: Held | null }; onRefused: { current: (err: unknown, cell: { examId: number; userId: number }) => void } };

const stop = (h: Held) => {
  for (const t of h.timers) clearTimeout(t);
  h.timers = [];
};

/** Requests the lock of the held cell and renews it while it stays held; a refusal ends the hold. */
function take(h: Held, refs: Refs) {
  const acquired = lockScoreCell(h.examId, h.userId).then(() => true);
  h.acquired = acquired;
  acquired.catch((err: unknown) => {
    if (refs.held.current !== h) return;
    stop(h);
    refs.held.current = null;
    refs.onRefused.current(err, { examId: h.examId, userId: h.userId });
  });
  const renew = () => {
    h.timers.push(
      setTimeout(() => {
        if (refs.held.current !== h) return;
        void lockScoreCell(h.examId, h.userId).catch(() => {});
        renew();
      }, SCORE_LOCK_KEEPALIVE_MS),
    );
  };
  renew();
}

/**
 * The lock of the one cell this screen is editing. `open` starts the clock (`now: true` takes the
 * lock at once: a dialog); the lock is renewed every SCORE_LOCK_KEEPALIVE_MS while the editor
 * stays open. `close` ends it: after a write the server has already released it in the write's
 * transaction; otherwise it is released after its request answered, so a late request never leaves
 * a lock behind.
 */
export function useCellLock(opts: { onRefused: (err: unknown, cell: { examId: number; userId: number }) => void }) {
  const held = useRef<Held | null>(null);
  const onRefused = useRef(opts.onRefused);
  onRefused.current = opts.onRefused;

  /** Ends the hold. `written`: a write of the cell went out (it releases the lock itself). Resolves when a pending lock request answered. */
  const close = useCallback((written?: boolean): Promise<void> => {
    const h = held.current;
    if (!h) return Promise.resolve();
    held.current = null;
    stop(h);
    const acquired = h.acquired;
    if (!acquired) return Promise.resolve();
    return acquired.then(
      (got) => {
        if (got && !written) void unlockScoreCell(h.examId, h.userId).catch(() => {});
      },
      () => {},
    );
  }, []);

  const open = useCallback(
    (examId: number, userId: number, o: { now?: boolean } = {}) => {
      const key = cellKey(examId, userId);
      if (held.current?.key === key) return;
      void close();
      const h: Held = { key, examId, userId, acquired: null, timers: [] };
      held.current = h;
      const refs = { held, onRefused };
      if (o.now) take(h, refs);
      else h.timers.push(setTimeout(() => held.current === h && take(h, refs), LOCK_AFTER_MS));
    },
    [close],
  );

  /** Waits for a lock request still out, so the write that follows releases it. */
  const settled = useCallback(async () => {
    await held.current?.acquired?.catch(() => false);
  }, []);

  const isMine = useCallback((examId: number, userId: number) => held.current?.key === cellKey(examId, userId), []);

  useEffect(() => () => void close(), [close]);
  return { open, close, settled, isMine };
}
