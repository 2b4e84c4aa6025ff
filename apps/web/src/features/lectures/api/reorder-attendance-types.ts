import { attendanceApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';

/** The whole order at once (the attendance sheet's keys 1–9 follow it). */
export const useReorderAttendanceTypes = () => useApiMutation(attendanceApi.reorderTypes);
