import { attendanceApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';

/** Deletes a type nobody's attendance uses yet. */
export const useDeleteAttendanceType = () => useApiMutation(attendanceApi.deleteType);
