import { attendanceApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The whole attendance sheet of a lecture (students × sessions) in one call. */
export const attendanceGridQuery = (lectureId: number) => apiQuery(attendanceApi.grid, { params: { id: lectureId } });
export const useAttendanceGrid = (lectureId: number) => useQuery(attendanceGridQuery(lectureId));
