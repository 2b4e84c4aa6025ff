import { scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** Lets go of a cell's lock. */
export const unlockScoreCell = (examId: number, userId: number) => call(scoresApi.unlock, { params: { examId, userId } }, { overlay: false });
