import { portalLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** D-days of the student's lectures (portal). */
export const myDdaysQuery = () => apiQuery(portalLecturesApi.ddays);
export const useMyDdays = () => useQuery(myDdaysQuery());
