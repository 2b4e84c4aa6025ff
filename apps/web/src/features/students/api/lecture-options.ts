import { lecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Every lecture, disabled ones too (a representative lecture closed later still shows its name). */
export const lectureOptionsQuery = () => apiQuery(lecturesApi.list, { query: { includeDisabled: 'true' } });
export const useLectureOptions = () => useQuery(lectureOptionsQuery());
