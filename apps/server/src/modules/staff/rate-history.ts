import { EARLIEST_RATE_DATE } from './staff.table.ts';

/** One rate's history (a TA's own rate, or a wage type's): what `recordRate` reads and writes. */
export type RateHistory = {
  /** The rate in force on `day` (the latest row starting on or before it); undefined without any row. */
  rateOn(day: string): Promise<number | null | undefined>;
  /** Writes the rate starting on `day`; `keep` leaves a row already there, `replace` overwrites it. */
  write(day: string, rate: number | null, onConflict: 'keep' | 'replace'): Promise<void>;
};

/**
 * Records a rate in force from `effectiveFrom` (적용 시작일), unless that day already has it. Days
 * before keep their rate; a later row (a raise already planned) still starts on its day. A rate
 * without history (made before it, or by a seed) was `previous` on every earlier day.
 */
export async function recordRate(history: RateHistory, r: { effectiveFrom: string; rate: number | null; previous: number | null }): Promise<void> {
  const current = await history.rateOn(r.effectiveFrom);
  if (current !== undefined && current === r.rate) return;
  if (current === undefined && r.previous !== r.rate) await history.write(EARLIEST_RATE_DATE, r.previous, 'keep');
  await history.write(current !== undefined || r.previous !== r.rate ? r.effectiveFrom : EARLIEST_RATE_DATE, r.rate, 'replace');
}
