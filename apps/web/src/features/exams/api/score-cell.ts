import { scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** One cell as the server has it now (after a version conflict, or to open its answers). */
export const fetchScoreCell = (examId: number, userId: number) => call(scoresApi.get, { params: { examId, userId } }, { overlay: false });
