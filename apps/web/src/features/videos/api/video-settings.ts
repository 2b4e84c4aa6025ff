import { videosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The completion bar and the attendance mark on completion. */
export const videoSettingsQuery = () => apiQuery(videosApi.settings);
export const useVideoSettings = () => useQuery(videoSettingsQuery());
