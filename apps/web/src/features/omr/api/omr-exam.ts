import { omrApi } from '@academy/contracts/omr';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The exam's sheet layout and the participants' 수험번호. */
export const omrExamQuery = (examId: number) => apiQuery(omrApi.exam, { params: { examId } });
export const useOmrExam = (examId: number) => useQuery(omrExamQuery(examId));
