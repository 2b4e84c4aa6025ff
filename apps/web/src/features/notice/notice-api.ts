import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http.ts';

export type StaffNotice = { content: string; updatedAt: string | null; updatedByName: string | null };

/** GET /api/notice — the staff notice every TA reads first. */
export const staffNoticeQuery = () =>
  queryOptions({
    queryKey: ['notice', 'crm'],
    queryFn: ({ signal }) => api.get<StaffNotice>('/notice', { signal }),
  });

/** PUT /api/admin/notice — admins only. */
export function updateStaffNotice(content: string): Promise<StaffNotice> {
  return api.put<StaffNotice>('/admin/notice', { content });
}
