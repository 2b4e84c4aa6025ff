import { filesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The materials of one weekly lecture (회차), with how many students opened each. */
export const weeklyLectureFilesQuery = (lectureId: number, wlId: number) => apiQuery(filesApi.weeklyLectureFiles, { params: { id: lectureId, wlId } });
export const useWeeklyLectureFiles = (lectureId: number, wlId: number) => useQuery(weeklyLectureFilesQuery(lectureId, wlId));
