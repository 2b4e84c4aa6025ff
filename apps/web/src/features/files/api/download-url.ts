import { filesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';
import { call } from '../../../lib/call.ts';

/** A short-lived signed URL of a file (staff get the original); `inline` opens it in the browser. */
export const downloadUrlQuery = (fileId: number, inline: boolean) => apiQuery(filesApi.downloadUrl, { params: { id: fileId }, query: { inline: inline ? 'true' : 'false' } });
/** The preview URL of the chosen file (`null`: none); a URL lives five minutes, so it is kept one. */
export const useFileLink = (fileId: number | null) => useQuery({ ...downloadUrlQuery(fileId ?? 0, true), enabled: fileId !== null, staleTime: 60_000 });
/** A fresh download URL, for a click. */
export const fetchDownloadUrl = (fileId: number) => call(filesApi.downloadUrl, { params: { id: fileId }, query: { inline: 'false' } });
