import { studentRecordsApi } from '@academy/contracts/student-records';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A student's consults, newest first. */
export const consultsQuery = (studentId: number) => apiQuery(studentRecordsApi.consults, { params: { id: studentId } });
export const useConsults = (studentId: number) => useQuery(consultsQuery(studentId));
