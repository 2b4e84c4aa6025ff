import { attendanceApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';

/** Renames, recolours or changes whether a type counts as present. */
export const useUpdateAttendanceType = () => useApiMutation(attendanceApi.updateType);
