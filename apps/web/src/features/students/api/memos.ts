import { studentRecordsApi } from '@academy/contracts/student-records';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A student's memos: pinned first, then newest. */
export const memosQuery = (studentId: number) => apiQuery(studentRecordsApi.memos, { params: { id: studentId } });
export const useMemos = (studentId: number) => useQuery(memosQuery(studentId));
