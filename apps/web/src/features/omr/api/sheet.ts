import { omrApi } from '@academy/contracts/omr';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** One sheet: answers, bubble fills, and its straightened image (a URL valid for 5 minutes). */
export const omrSheetQuery = (sheetId: number) => apiQuery(omrApi.sheet, { params: { sheetId } });
export const useOmrSheet = (sheetId: number | null) => useQuery({ ...omrSheetQuery(sheetId ?? 0), enabled: sheetId !== null, staleTime: 4 * 60_000 });
