import { videosApi } from '@academy/contracts/videos';
import { useApiMutation } from '../../../lib/api.ts';
import { VIDEO_AREA } from './tags.ts';

/** Renames a video (and corrects a link's duration). */
export const useUpdateVideo = () => useApiMutation(videosApi.update, { invalidates: VIDEO_AREA, errorToast: false });
