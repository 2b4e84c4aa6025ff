import { videosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** A session's videos (uploads with their processing state, links), with how many completed. */
export const sessionVideosQuery = (lectureId: number, wlId: number) => apiQuery(videosApi.list, { params: { id: lectureId, wlId } });
export const useSessionVideos = (lectureId: number, wlId: number | null) => useQuery({ ...sessionVideosQuery(lectureId, wlId ?? 0), enabled: wlId !== null });
