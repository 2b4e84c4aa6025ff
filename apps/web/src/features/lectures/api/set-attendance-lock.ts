import { attendanceApi } from '@academy/contracts/lectures';
import { call } from '../../../lib/call.ts';

/** Locks or unlocks attendance cells; a locked cell refuses changes until unlocked. */
export const setAttendanceLock = (args: { lectureId: number; wlId: number; userIds: number[]; locked: boolean }) =>
  call(attendanceApi.setLock, { params: { id: args.lectureId, wlId: args.wlId }, body: { userIds: args.userIds, locked: args.locked } }, { overlay: false });
