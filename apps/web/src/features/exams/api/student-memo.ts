import { examsApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** A student's memo for this session (the grid patches its own row). */
export const setStudentMemo = (lectureId: number, wlId: number, userId: number, memo: string) =>
  call(examsApi.studentMemo, { params: { id: lectureId, wlId }, body: { userId, memo } }, { overlay: false });
