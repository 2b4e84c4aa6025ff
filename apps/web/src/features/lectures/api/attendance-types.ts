import { attendanceApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** 출석, 지각 … with colours, in display order. */
export const attendanceTypesQuery = () => apiQuery(attendanceApi.listTypes);
export const useAttendanceTypes = () => useQuery(attendanceTypesQuery());
