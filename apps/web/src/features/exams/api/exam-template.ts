import { examTemplatesApi } from '@academy/contracts/exams';
import { apiQuery } from '../../../lib/api.ts';

/** One template with its questions (the grid lists only the summary). */
export const examTemplateQuery = (id: number) => apiQuery(examTemplatesApi.get, { params: { id } });
