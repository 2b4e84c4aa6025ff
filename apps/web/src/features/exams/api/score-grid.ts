import { examsApi } from '@academy/contracts/exams';
import { apiQuery } from '../../../lib/api.ts';

/** The score grid of one session (students × its exams). */
export const scoreGridQuery = (lectureId: number, wlId: number) => apiQuery(examsApi.grid, { params: { id: lectureId, wlId } });
