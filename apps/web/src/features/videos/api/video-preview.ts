import { videosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Where staff play a video to check it (a signed URL, or the provider's id). */
export const videoPreviewQuery = (videoId: number) => apiQuery(videosApi.preview, { params: { id: videoId } });
export const useVideoPreview = (videoId: number) => useQuery({ ...videoPreviewQuery(videoId), staleTime: 0, gcTime: 0 });
