import { wlExamApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** An exam with its answer key. */
export const examDetailQuery = (examId: number) => apiQuery(wlExamApi.get, { params: { examId } });
export const useExamDetail = (examId: number | null) => useQuery({ ...examDetailQuery(examId ?? 0), enabled: examId !== null });
