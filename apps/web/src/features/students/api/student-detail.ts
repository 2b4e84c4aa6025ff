import { studentsApi } from '@academy/contracts/students';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One student with profile, tags and representative lectures. */
export const studentQuery = (id: number) => apiQuery(studentsApi.get, { params: { id } });
export const useStudent = (id: number) => useQuery(studentQuery(id));
