import { retakesApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Retakes: of one exam, or all (to map an unmapped one). */
export const retakeListQuery = (examId?: number) => apiQuery(retakesApi.list, { query: examId === undefined ? {} : { examId } });
export const useRetakeList = (examId?: number) => useQuery(retakeListQuery(examId));
