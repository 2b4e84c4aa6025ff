import { scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** Takes (or renews) the lock of a cell while typing into it; 409 when someone else holds it. */
export const lockScoreCell = (examId: number, userId: number) => call(scoresApi.lock, { params: { examId, userId } }, { overlay: false });
