import { examsApi } from '@academy/contracts/exams';
import { download } from '../../../lib/call.ts';

/** The grid as an Excel sheet (one session, or a range). */
export const downloadGridExcel = (lectureId: number, wlId: number, range?: { from: string; to: string }) =>
  download(examsApi.gridExcel, { params: { id: lectureId, wlId }, query: range ?? {} }, '성적표.xlsx');
