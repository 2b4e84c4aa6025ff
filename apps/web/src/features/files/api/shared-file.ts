import { parentLinksApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** What a parent's link opens (no session): the file's facts and a signed URL that lives a few minutes. */
export const sharedFileQuery = (token: string) => apiQuery(parentLinksApi.open, { params: { token } });
/** Asked once (a refused token stays refused); `refetch` gets a fresh download URL. */
export const useSharedFile = (token: string, enabled: boolean) => useQuery({ ...sharedFileQuery(token), enabled, retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
