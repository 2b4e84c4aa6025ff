import { attendanceApi } from '@academy/contracts/lectures';
import { call } from '../../../lib/call.ts';

/**
 * Marks one participant (or many at once, all-or-nothing). The sheet updates its cells itself, so
 * nothing is refetched here; the session panel refetches its own query.
 */
export const setAttendance = (args: { lectureId: number; wlId: number; userIds: number[]; attTypeId: number | null }) => {
  const params = { id: args.lectureId, wlId: args.wlId };
  return args.userIds.length === 1
    ? call(attendanceApi.set, { params, body: { userId: args.userIds[0]!, attTypeId: args.attTypeId } }, { overlay: false })
    : call(attendanceApi.setBulk, { params, body: { userIds: args.userIds, attTypeId: args.attTypeId } }, { overlay: false });
};
