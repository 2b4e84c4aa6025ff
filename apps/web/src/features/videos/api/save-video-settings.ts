import { videosApi } from '@academy/contracts/videos';
import { useApiMutation } from '../../../lib/api.ts';
import { VIDEO_AREA } from './tags.ts';

/** Admins change the completion bar and the attendance type a completed video marks. */
export const useSaveVideoSettings = () => useApiMutation(videosApi.saveSettings, { invalidates: VIDEO_AREA, errorToast: false });
