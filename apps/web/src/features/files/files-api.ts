import type { FilePermissionReply, FileReply, ParentLinkReply } from '@academy/contracts/files-replies';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http.ts';

export type StoredFile = FileReply;
export type MaterialFile = StoredFile & { viewCount: number };
export type SignedUrl = { url: string; expiresAt: string; fileName: string; watermarked: boolean };
export type FilePermission = FilePermissionReply;
export type Viewer = { userId: number; name: string; loginId: string; phone: string | null };
export type FileViews = { opened: (Viewer & { firstOpenedAt: string; lastOpenedAt: string; openCount: number })[]; notOpened: Viewer[] };
export type MaterialWeek = { weeklyLectureId: number; lectureId: number; title: string; date: string; files: (StoredFile & { opened: boolean })[] };

export const fileKeys = {
  materials: (lectureId: number, wlId: number) => ['files', 'materials', lectureId, wlId] as const,
  permission: (lectureId: number, wlId: number) => ['files', 'permission', lectureId, wlId] as const,
  views: (fileId: number) => ['files', 'views', fileId] as const,
  myMaterials: ['sp', 'lecture-materials'] as const,
  myUploads: ['sp', 'upload-files'] as const,
};

export const materialsQuery = (lectureId: number, wlId: number) =>
  queryOptions({ queryKey: fileKeys.materials(lectureId, wlId), queryFn: ({ signal }) => api.get<MaterialFile[]>(`/lectures/${lectureId}/weekly-lectures/${wlId}/files`, { signal }) });

export const permissionQuery = (lectureId: number, wlId: number) =>
  queryOptions({ queryKey: fileKeys.permission(lectureId, wlId), queryFn: ({ signal }) => api.get<FilePermission>(`/lectures/${lectureId}/weekly-lectures/${wlId}/file-permission`, { signal }) });

export const viewsQuery = (fileId: number) => queryOptions({ queryKey: fileKeys.views(fileId), queryFn: ({ signal }) => api.get<FileViews>(`/files/${fileId}/views`, { signal }) });

export const myMaterialsQuery = () => queryOptions({ queryKey: fileKeys.myMaterials, queryFn: ({ signal }) => api.get<MaterialWeek[]>('/sp/lecture-materials', { signal }) });

export const myUploadsQuery = () => queryOptions({ queryKey: fileKeys.myUploads, queryFn: ({ signal }) => api.get<StoredFile[]>('/sp/upload-files', { signal }) });

export const savePermission = (lectureId: number, wlId: number, body: Omit<FilePermission, 'weeklyLectureId'>) =>
  api.put<FilePermission>(`/lectures/${lectureId}/weekly-lectures/${wlId}/file-permission`, body);

export const updateMemo = (fileId: number, memo: string) => api.put<StoredFile>(`/files/${fileId}/memo`, { memo });
export const setParentAccess = (fileId: number, hasParentAccess: boolean) => api.put<StoredFile>(`/files/${fileId}/parent-access`, { hasParentAccess });
export const deleteFile = (fileId: number) => api.delete<{ deleted: boolean }>(`/files/${fileId}`);
export const downloadUrl = (fileId: number, inline: boolean) => api.get<SignedUrl>(`/files/${fileId}/download-url`, { query: { inline }, overlay: false });
/** Student view: a watermarked copy for lecture materials, and the open is recorded. */
export const studentFileView = (fileId: number) => api.get<SignedUrl>(`/sp/file/${fileId}/view`, { overlay: true });
export const selfStudyFileView = (fileId: number) => api.get<SignedUrl>(`/sp/self-study-file/${fileId}/view`, { overlay: true });

export type ParentLink = ParentLinkReply;
export type ParentLinkStudent = { id: number; name: string; loginId: string; parentPhone: string | null };
export type ParentLinks = { hasParentAccess: boolean; links: ParentLink[]; students: ParentLinkStudent[] };
/** What a parent's link opens: the file's facts and a signed download URL that lives a few minutes. */
export type SharedFile = { fileName: string; contentType: string; fileSize: number; studentName: string | null; expiresAt: string; download: { url: string; expiresAt: string } };

export const parentLinkKeys = { list: (fileId: number) => ['files', 'parent-links', fileId] as const };

export const parentLinksQuery = (fileId: number) =>
  queryOptions({ queryKey: parentLinkKeys.list(fileId), queryFn: ({ signal }) => api.get<ParentLinks>(`/files/${fileId}/parent-links`, { signal }) });

export const createParentLinks = (fileId: number, body: { studentIds: number[]; expiresInDays: number; sendSms: boolean }) =>
  api.post<{ links: (ParentLink & { url: string })[] }>(`/files/${fileId}/parent-links`, body);
export const revokeParentLink = (linkId: number) => api.delete<ParentLink>(`/files/parent-links/${linkId}`);
/** The public link page: no session, so a 401 must never trigger a token refresh. */
export const openSharedFile = (token: string) => api.get<SharedFile>(`/link/files/${encodeURIComponent(token)}`, { retryOn401: false, overlay: false });
