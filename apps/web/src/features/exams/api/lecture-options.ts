import { lecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Lectures to copy or link an exam to. */
export const useLectureOptions = () => useQuery(apiQuery(lecturesApi.list, { query: { includeDisabled: 'false' } }));
