import { videosApi } from '@academy/contracts/videos';
import { useApiMutation } from '../../../lib/api.ts';
import { VIDEO_AREA } from './tags.ts';

/** Removes a video (what students watched stays in the records). */
export const useDeleteVideo = () => useApiMutation(videosApi.delete, { invalidates: VIDEO_AREA });
