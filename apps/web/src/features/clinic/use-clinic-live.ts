import { clinicBoardTopic, type ClinicEvent, clinicSeatsTopic, mondayOf, type SeatsEvent } from '@academy/contracts/clinic';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type RealtimeStatus, useRealtime } from '../../lib/realtime.ts';

/**
 * Follows the clinic topics (the board and the seat counts) of the weeks of `dates` and patches the
 * cached query with `apply`; when `apply` cannot (returns null), or after a gap the server could
 * not replay, the query is read again. `staff: false` follows the seat counts only (students).
 */
export function useClinicLive<T>(opts: { dates: readonly string[]; queryKey: QueryKey; apply: (cached: T, e: ClinicEvent | SeatsEvent) => T | null; staff?: boolean }): RealtimeStatus {
  const client = useQueryClient();
  const staff = opts.staff ?? true;
  const weeks = [...new Set(opts.dates.map(mondayOf))].sort();
  const topics = weeks.flatMap((w) => (staff ? [clinicBoardTopic.of(w), clinicSeatsTopic.of(w)] : [clinicSeatsTopic.of(w)]));
  const refetch = () => void client.invalidateQueries({ queryKey: opts.queryKey });
  return useRealtime<typeof clinicBoardTopic | typeof clinicSeatsTopic>(topics, (e) => {
    let stale = false;
    client.setQueryData<T>(opts.queryKey, (cached) => {
      if (cached === undefined) return cached;
      const next = opts.apply(cached, e);
      if (next === null) stale = true;
      return next ?? cached;
    });
    if (stale) refetch();
  }, (ready) => {
    if (!ready.resumed) refetch();
  });
}
