import { lecturesApi } from '@academy/contracts/lectures';
import { call } from '../../../lib/call.ts';

/** Before enrolling: the lectures these students already take at the same weekday and time (nothing is written). */
export const checkEnrolClashes = (lectureId: number, userIds: number[]) => call(lecturesApi.enrolClashes, { params: { id: lectureId }, body: { userIds } });
