import { scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** A cell's memo. */
export const setScoreMemo = (a: { examId: number; userId: number; memo: string; version?: number }) =>
  call(scoresApi.setMemo, { params: { examId: a.examId, userId: a.userId }, body: { memo: a.memo, version: a.version } }, { overlay: false });
