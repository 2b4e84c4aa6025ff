import { portalLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's attendance per lecture and past sessions (portal). */
export const myAttendanceQuery = () => apiQuery(portalLecturesApi.attendance);
export const useMyAttendance = () => useQuery(myAttendanceQuery());
