import { videosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Students × videos of a session: percent, watched time, last seen, completed. */
export const videoInfoQuery = (lectureId: number, wlId: number) => apiQuery(videosApi.info, { params: { id: lectureId, wlId } });
export const useVideoInfo = (lectureId: number, wlId: number | null) => useQuery({ ...videoInfoQuery(lectureId, wlId ?? 0), enabled: wlId !== null });
