import { filesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Who may open a weekly lecture's materials, and from when. */
export const filePermissionQuery = (lectureId: number, wlId: number) => apiQuery(filesApi.getPermission, { params: { id: lectureId, wlId } });
export const useFilePermission = (lectureId: number, wlId: number) => useQuery(filePermissionQuery(lectureId, wlId));
