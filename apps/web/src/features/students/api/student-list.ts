import { type ListStudentsQuery, studentsApi } from '@academy/contracts/students';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The grid's paging, sorting and filters (the list's query, as the contract reads it). */
export type StudentListParams = Partial<ListStudentsQuery>;

/** A page of the roster grid; the previous page stays on screen while the next one loads. */
export const studentListQuery = (query: StudentListParams) => queryOptions({ ...apiQuery(studentsApi.list, { query }), placeholderData: keepPreviousData });
export const useStudentList = (query: StudentListParams) => useQuery(studentListQuery(query));
