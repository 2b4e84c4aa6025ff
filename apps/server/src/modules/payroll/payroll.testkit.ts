import { payrollApi, type WorkRecord } from '@academy/contracts/payroll';
import type { TestApp } from '../../../test/harness.ts';

/** "2026-03-13", "18:00" → the instant on the Korean clock. */
export const kst = (date: string, time: string) => `${date}T${time}:00+09:00`;

/**
 * A finished shift added by an admin through the API (a correction with a reason). `to` earlier
 * than `from` ends the next day: ('2026-03-13', '18:00', '04:00') runs past midnight.
 */
export async function addShift(t: TestApp, opts: { adminToken: string; taId: number; wageTypeId: number; date: string; from: string; to: string }): Promise<WorkRecord> {
  const startedAt = new Date(kst(opts.date, opts.from));
  let endedAt = new Date(kst(opts.date, opts.to));
  if (endedAt <= startedAt) endedAt = new Date(endedAt.getTime() + 86_400_000);
  return t.api(payrollApi.createRecord, {
    token: opts.adminToken,
    body: { taId: opts.taId, wageTypeId: opts.wageTypeId, startedAt: startedAt.toISOString(), endedAt: endedAt.toISOString(), reason: '테스트 근무 입력' },
  });
}
