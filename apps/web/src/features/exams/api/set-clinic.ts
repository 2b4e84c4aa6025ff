import { type ClinicStatus, scoresApi } from '@academy/contracts/exams';
import { call } from '../../../lib/call.ts';

/** A cell's clinic status. */
export const setClinicStatus = (examId: number, userId: number, value: ClinicStatus) => call(scoresApi.setClinic, { params: { examId, userId, value } }, { overlay: false });
