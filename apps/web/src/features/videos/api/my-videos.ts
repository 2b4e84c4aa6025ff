import { portalVideosApi } from '@academy/contracts/videos';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The student's videos (their sessions, newest first) with their own progress. */
export const myVideosQuery = () => apiQuery(portalVideosApi.list);
export const useMyVideos = () => useQuery(myVideosQuery());
