import { filesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Who opened a material (first time, how often) and who has not yet. */
export const fileViewsQuery = (fileId: number) => apiQuery(filesApi.views, { params: { id: fileId } });
/** Fetched only while a file is chosen (`null`: none). */
export const useFileViews = (fileId: number | null) => useQuery({ ...fileViewsQuery(fileId ?? 0), enabled: fileId !== null });
