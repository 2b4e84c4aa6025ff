import { portalLecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's own lectures (portal). */
export const myLecturesQuery = () => apiQuery(portalLecturesApi.lectures);
export const useMyLectures = () => useQuery(myLecturesQuery());
