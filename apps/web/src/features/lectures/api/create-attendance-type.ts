import { attendanceApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';

/** Adds an attendance type (출석, 지각 …) at the end of the order. */
export const useCreateAttendanceType = () => useApiMutation(attendanceApi.createType);
