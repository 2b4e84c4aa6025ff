import { portalExamsApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One released result with the questions and the trend. */
export const useMyScore = (examId: number) => useQuery(apiQuery(portalExamsApi.result, { params: { examId } }));
