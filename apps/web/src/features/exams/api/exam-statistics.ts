import { wlExamApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Statistics of an exam, or of its whole link group. */
export const examStatisticsQuery = (examId: number, scope: 'exam' | 'group') => apiQuery(wlExamApi.statistics, { params: { examId }, query: { scope } });
/** Read fresh each time the panel opens: scores change by the minute on test day. */
export const useExamStatistics = (examId: number, scope: 'exam' | 'group') => useQuery({ ...examStatisticsQuery(examId, scope), staleTime: 0 });
