import { videosApi } from '@academy/contracts/videos';
import { useApiMutation } from '../../../lib/api.ts';
import { VIDEO_AREA } from './tags.ts';

/** Puts a video whose processing failed back in the queue. */
export const useRetryVideo = () => useApiMutation(videosApi.retry, { invalidates: VIDEO_AREA });
