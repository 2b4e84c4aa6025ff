import type { ScoreGrid } from '@academy/contracts/exams';
import { lectureTopic } from '@academy/contracts/lectures';
import { useQueryClient } from '@tanstack/react-query';
import { type LiveEvent, type RealtimeStatus, useRealtime } from '../../lib/realtime.ts';
import { applyCells, applyGrades, applyLock, applyStudentMemo, removeLock } from './score-grid-model.ts';

/**
 * Other staff's scores, locks and memos as they happen, on the lecture's topic: each event (typed
 * by `lectureTopic` in contracts) patches the cached grid; a gap the server could not replay, or a
 * `refresh`, reads the grid again.
 */
export function useScoreLive(opts: {
  lectureId: number;
  myUserId: number | null;
  patch: (f: (g: ScoreGrid) => ScoreGrid) => void;
  refetch: () => void;
  /** The cell this screen is typing into (its own lock event is not shown as someone else's). */
  isMine: (examId: number, userId: number) => boolean;
}): RealtimeStatus {
  const client = useQueryClient();
  const { patch } = opts;
  const onEvent = (e: LiveEvent<typeof lectureTopic>) => {
    switch (e.type) {
      case 'score':
        patch((g) => applyCells(g, [e.data]));
        return;
      case 'scores':
        patch((g) => applyGrades(applyCells(g, e.data.cells), e.data.grades));
        return;
      case 'lock': {
        const l = e.data;
        if (l.holderId === opts.myUserId || (opts.myUserId === null && opts.isMine(l.examId, l.userId))) return;
        patch((g) => applyLock(g, l));
        return;
      }
      case 'unlock':
        patch((g) => removeLock(g, e.data));
        return;
      case 'studentMemo':
        patch((g) => applyStudentMemo(g, e.data));
        return;
      case 'exams':
        void client.invalidateQueries({ queryKey: ['exams'] });
        void client.invalidateQueries({ queryKey: ['wl-exam'] });
        return;
      case 'refresh':
        opts.refetch();
        return;
      default:
    }
  };
  // The first connection (or one that could not resume) may have missed events: read the grid once more.
  return useRealtime([lectureTopic.of(opts.lectureId)], onEvent, (ready) => {
    if (!ready.resumed) opts.refetch();
  });
}
