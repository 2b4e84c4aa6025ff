import { studentRecordsApi } from '@academy/contracts/student-records';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A student's 모의고사/내신 scores, oldest first (the chart reads left to right). */
export const scoresQuery = (studentId: number) => apiQuery(studentRecordsApi.scores, { params: { id: studentId } });
export const useScores = (studentId: number) => useQuery(scoresQuery(studentId));
