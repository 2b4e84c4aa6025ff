import { type AttemptType, scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** A student's answers per question, graded at once (1차, or 재시험 with its key). */
export const submitManualEntry = (a: { examId: number; userId: number; answers: (string | null)[]; attempt: AttemptType; retakeId?: number; version?: number }) =>
  call(scoresApi.manualEntry, { params: { examId: a.examId, userId: a.userId }, body: { answers: a.answers, attemptType: a.attempt, retakeId: a.retakeId, version: a.version } });
