import { filesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A short-lived URL to show a receipt in the page (only its TA and admins get one). */
export const receiptUrlQuery = (fileId: number) => ({ ...apiQuery(filesApi.downloadUrl, { params: { id: fileId }, query: { inline: 'true' } }), staleTime: 60_000 });
export const useReceiptUrl = (fileId: number | null) => useQuery({ ...receiptUrlQuery(fileId ?? 0), enabled: fileId !== null });
