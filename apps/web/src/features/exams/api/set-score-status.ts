import { type ScoreStatus, scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** A cell's status (응시·미응시·결시·면제). */
export const setScoreStatus = (examId: number, userId: number, value: ScoreStatus) => call(scoresApi.setStatus, { params: { examId, userId, value } }, { overlay: false });
