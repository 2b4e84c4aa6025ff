import { type AttemptType, scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** Writes one 1차 or 재시험 score (null clears it) with the version the screen showed. */
export const setScoreValue = (a: { examId: number; userId: number; value: number | null; attempt: AttemptType; version?: number }) =>
  call(scoresApi.setValue, { params: { examId: a.examId, userId: a.userId }, body: { scoreValue: a.value, attemptType: a.attempt, version: a.version } }, { overlay: false });
