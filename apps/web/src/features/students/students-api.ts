import type { ActualExamScore, Consult, ImportReply, ListStudentsQuery, Memo, Student } from '@academy/contracts/students';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, http } from '../../lib/http.ts';

export type { ActualExamScore, Consult, ImportReply, Memo, Student };

/** The grid's query: the REST list's paging, sorting and filters (same semantics as the GraphQL resource). */
export type StudentListParams = Pick<ListStudentsQuery, 'page' | 'pageSize' | 'sortField' | 'sortDir' | 'status'> & {
  search?: string;
  grade?: string[];
  school?: string;
  tagIds?: number[];
};

export function listQueryString(p: StudentListParams): Record<string, string | number | undefined> {
  return {
    page: p.page,
    pageSize: p.pageSize,
    sortField: p.sortField,
    sortDir: p.sortDir,
    status: p.status,
    search: p.search?.trim() || undefined,
    grade: p.grade?.length ? p.grade.join(',') : undefined,
    school: p.school?.trim() || undefined,
    tagIds: p.tagIds?.length ? p.tagIds.join(',') : undefined,
  };
}

export const studentKeys = {
  all: ['students'] as const,
  list: (p: StudentListParams) => ['students', 'list', p] as const,
  detail: (id: number) => ['students', 'detail', id] as const,
  consults: (id: number) => ['students', 'consults', id] as const,
  memos: (id: number) => ['students', 'memos', id] as const,
  scores: (id: number) => ['students', 'scores', id] as const,
};

export const studentListQuery = (p: StudentListParams) =>
  queryOptions({
    queryKey: studentKeys.list(p),
    queryFn: ({ signal }) => api.get<{ nodes: Student[]; totalCount: number }>('/students', { signal, query: listQueryString(p) }),
    placeholderData: keepPreviousData,
  });

export const studentQuery = (id: number) =>
  queryOptions({ queryKey: studentKeys.detail(id), queryFn: ({ signal }) => api.get<Student>(`/students/${id}`, { signal }) });
export const consultsQuery = (id: number) =>
  queryOptions({ queryKey: studentKeys.consults(id), queryFn: ({ signal }) => api.get<Consult[]>(`/students/${id}/consults`, { signal }) });
export const memosQuery = (id: number) =>
  queryOptions({ queryKey: studentKeys.memos(id), queryFn: ({ signal }) => api.get<Memo[]>(`/students/${id}/memos`, { signal }) });
export const scoresQuery = (id: number) =>
  queryOptions({ queryKey: studentKeys.scores(id), queryFn: ({ signal }) => api.get<ActualExamScore[]>(`/students/${id}/actual-exam-scores`, { signal }) });

export type StudentInput = {
  loginId?: string;
  password?: string;
  name?: string;
  phone?: string | null;
  parentPhone?: string | null;
  school?: string | null;
  grade?: string | null;
  gender?: 'M' | 'F' | null;
  birthDate?: string | null;
  memo?: string;
  tagIds?: number[];
};

export const createStudent = (body: StudentInput) => api.post<Student>('/students', body);
export const updateStudent = (id: number, body: StudentInput) => api.put<Student>(`/students/${id}`, body);
export const setRepresentativeLectures = (id: number, lectureIds: number[]) => api.put<Student>(`/students/${id}/representative-lectures`, { lectureIds });
export const toggleStudentStatus = (ids: number[], isActive?: boolean) =>
  api.put<{ updatedCount: number }>('/students/toggle-status', { ids, ...(isActive === undefined ? {} : { isActive }) });
export const deleteStudents = (ids: number[]) => api.post<{ deletedCount: number }>('/students/delete', { ids });
export const restoreStudents = (ids: number[]) => api.post<{ restoredCount: number }>('/students/restore', { ids });
export const resetStudentPasswords = (ids: number[], password?: string) =>
  api.post<{ updatedCount: number }>('/students/batch-change-password', { ids, ...(password ? { password } : {}) });

export function importStudentsExcel(args: { file: File; dryRun: boolean }): Promise<ImportReply> {
  const form = new FormData();
  form.append('dryRun', String(args.dryRun));
  form.append('file', args.file);
  return http<ImportReply>('/students/excel', { method: 'POST', body: form });
}

export type ConsultInput = { consultedAt: string; consultType: Consult['consultType']; content: string };
export const createConsult = (id: number, body: ConsultInput) => api.post<Consult>(`/students/${id}/consults`, body);
export const updateConsult = (id: number, consultId: number, body: ConsultInput) => api.put<Consult>(`/students/${id}/consults/${consultId}`, body);
export const deleteConsult = (id: number, consultId: number) => api.delete<{ id: number }>(`/students/${id}/consults/${consultId}`);

export const createMemo = (id: number, content: string) => api.post<Memo>(`/students/${id}/memos`, { content });
export const updateMemo = (id: number, memoId: number, content: string) => api.put<Memo>(`/students/${id}/memos/${memoId}`, { content });
export const pinMemo = (id: number, memoId: number, pinned: boolean) => api.put<Memo[]>(`/students/${id}/memos/${memoId}/pin`, { pinned }, { overlay: false });
export const deleteMemo = (id: number, memoId: number) => api.delete<{ id: number }>(`/students/${id}/memos/${memoId}`);

export type ScoreInput = Omit<ActualExamScore, 'id' | 'studentId' | 'createdAt'>;
export const createScore = (id: number, body: ScoreInput) => api.post<ActualExamScore>(`/students/${id}/actual-exam-scores`, body);
export const updateScore = (id: number, scoreId: number, body: ScoreInput) => api.put<ActualExamScore>(`/students/${id}/actual-exam-scores/${scoreId}`, body);
export const deleteScore = (id: number, scoreId: number) => api.delete<{ id: number }>(`/students/${id}/actual-exam-scores/${scoreId}`);
