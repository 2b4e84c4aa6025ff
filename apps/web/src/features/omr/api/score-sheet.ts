import { omrApi } from '@academy/contracts/omr';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The OMR sheet behind a score cell. */
export const scoreSheetQuery = (examId: number, userId: number) => apiQuery(omrApi.scoreSheet, { params: { examId, userId } });
export const useScoreSheet = (examId: number, userId: number | null) => useQuery({ ...scoreSheetQuery(examId, userId ?? 0), enabled: userId !== null, retry: false });
