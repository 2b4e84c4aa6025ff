import { videosApi } from '@academy/contracts/videos';
import { useApiMutation } from '../../../lib/api.ts';
import { VIDEO_AREA } from './tags.ts';

/** Adds an uploaded file (then processed on the server) or a YouTube/Vimeo link to a session. */
export const useCreateVideo = () => useApiMutation(videosApi.create, { invalidates: VIDEO_AREA, errorToast: false });
