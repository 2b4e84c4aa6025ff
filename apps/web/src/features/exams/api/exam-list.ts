import { examsApi } from '@academy/contracts/exams';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The exams of one session, in order. */
export const examListQuery = (lectureId: number, wlId: number) => apiQuery(examsApi.list, { params: { id: lectureId, wlId } });
export const useExamList = (lectureId: number, wlId: number | null) => useQuery({ ...examListQuery(lectureId, wlId ?? 0), enabled: wlId !== null });
