import { lecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One lecture with its roster, sessions and D-days. */
export const lectureDetailQuery = (id: number) => apiQuery(lecturesApi.get, { params: { id } });
export const useLectureDetail = (id: number) => useQuery(lectureDetailQuery(id));
