import { centerApi } from '@academy/contracts/center';
import type { ReplyOf } from '@academy/contracts/endpoint';
import { useEffect, useState } from 'react';
import { call } from '../../../lib/call.ts';
import { withRetries } from '../../../lib/retry.ts';

export type PublicCenter = ReplyOf<typeof centerApi.info>;

let loading: Promise<PublicCenter> | undefined;
let loaded: PublicCenter | undefined;

/** One request per page load, retried as a query would be; a failure is forgotten so the next visit of the page tries again. */
function loadPublicCenter(): Promise<PublicCenter> {
  loading ??= withRetries(() => call(centerApi.info)).then(
    (center) => (loaded = center),
    (err: unknown) => {
      loading = undefined;
      throw err;
    },
  );
  return loading;
}

/**
 * The center's name and open courses with their teachers (public, no sign-in). A plain request
 * rather than a query: the landing page shows it on a first visit, before TanStack Query (or any
 * of the app) has loaded.
 */
export function usePublicCenter(): { data: PublicCenter | undefined; isPending: boolean; isError: boolean } {
  const [state, setState] = useState<{ data?: PublicCenter; failed: boolean }>(() => ({ data: loaded, failed: false }));
  useEffect(() => {
    let live = true;
    loadPublicCenter().then(
      (data) => live && setState({ data, failed: false }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
  }, []);
  return { data: state.data, isPending: !state.data && !state.failed, isError: state.failed };
}
