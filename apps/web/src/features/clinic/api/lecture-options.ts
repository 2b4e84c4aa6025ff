import { lecturesApi } from '@academy/contracts/lectures';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The open lectures a clinic slot may be tied to (the slot form's 강좌 picker). */
export const useLectureOptions = () => useQuery(apiQuery(lecturesApi.list, { query: { includeDisabled: 'false' } }));
