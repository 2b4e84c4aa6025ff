import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { download } from '../../../lib/call.ts';

/** The students who could still join a session, as an Excel sheet. */
export const downloadCandidateExcel = (lectureId: number, wlId: number) => download(weeklyLecturesApi.candidateExcel, { params: { id: lectureId, wlId } }, '추가가능학생.xlsx');
