import { examsApi } from '@academy/contracts/exams';
import { apiQuery } from '../../../lib/api.ts';

/** The score grid of a range of the lecture's sessions (students × every exam in the range). */
export const scoreGridRangeQuery = (lectureId: number, wlId: number, from: string, to: string) => apiQuery(examsApi.gridRange, { params: { id: lectureId, wlId }, query: { from, to } });
