import { parentLinksApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A file's parent links (with open counts) and the students links can be made for. */
export const parentLinksQuery = (fileId: number) => apiQuery(parentLinksApi.list, { params: { id: fileId } });
/**
 * Fetched while a file is chosen (`null`: none), on every open: open counts change while the
 * dialog is closed (parents open links any time).
 */
export const useParentLinks = (fileId: number | null) => useQuery({ ...parentLinksQuery(fileId ?? 0), enabled: fileId !== null, staleTime: 0 });
