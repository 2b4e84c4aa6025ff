import { profileImagesApi } from '@academy/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { call } from './call.ts';

/** Query key root of profile photos: a photo change refreshes every list of them. */
export const PROFILE_IMAGES_TAG = profileImagesApi.urls.tag;

/**
 * Signed photo URLs of the given students in one call (the grid's page, a sheet's rows, a clinic
 * board), as a map from user id. URLs last an hour; the query keeps them for 50 minutes. A read,
 * so no full-screen overlay.
 */
export function useProfileImages(userIds: readonly number[]): Map<number, string> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b).slice(0, 1000);
  const q = useQuery({
    queryKey: [PROFILE_IMAGES_TAG, 'urls', ids],
    queryFn: ({ signal }) => call(profileImagesApi.urls, { body: { userIds: ids } }, { signal, overlay: false }),
    enabled: ids.length > 0,
    staleTime: 50 * 60_000,
  });
  return new Map((q.data ?? []).flatMap((p) => (p.url ? [[p.userId, p.url] as const] : [])));
}
