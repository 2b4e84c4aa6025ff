import { portalVideosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/**
 * What the player needs: the signed stream (or the provider's id), where to resume, the beacon
 * ticket and the overlay's name. Never served from cache: each opening marks the video seen and
 * starts a fresh signed URL.
 */
export const playVideoQuery = (videoId: number) => apiQuery(portalVideosApi.play, { params: { id: videoId } });
export const usePlayVideo = (videoId: number) => useQuery({ ...playVideoQuery(videoId), staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, retry: false });
