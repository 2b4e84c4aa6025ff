import { lecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The lecture cards (CRM landing for admins): counts, today's session, D-days. */
export const lectureListQuery = (includeDisabled: boolean) => apiQuery(lecturesApi.list, { query: { includeDisabled: includeDisabled ? 'true' : 'false' } });
export const useLectureList = (includeDisabled: boolean) => useQuery(lectureListQuery(includeDisabled));
