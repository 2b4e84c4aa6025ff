import type { CreateTaInput, Ta, WageType, WageTypeInput } from '@academy/contracts/staff';
import type { TestApp } from '../../../test/harness.ts';

let counter = 0;

/** A TA account made through the admin API, with a signed token for its own calls. */
export async function makeTa(t: TestApp, opts: { adminToken: string } & Partial<CreateTaInput>): Promise<Ta & { token: string }> {
  const { adminToken, ...over } = opts;
  const n = ++counter;
  const res = await t.call('POST', '/api/admin/ta', adminToken, { loginId: `ta${process.pid}n${n}`, name: `조교${n}`, password: 'ta-pass-1234!', hourlyWage: 12_000, ...over });
  if (res.status !== 200) throw new Error(`makeTa: ${res.status} ${JSON.stringify(res.json)}`);
  const ta = res.json as Ta;
  const token = await t.ctx.signer.sign({ userId: ta.id, loginId: ta.loginId, userType: 'TA', isAdminLevel: ta.isAdminLevel });
  return { ...ta, token };
}

/** A wage type made through the admin API. */
export async function makeWageType(t: TestApp, opts: { adminToken: string } & Partial<WageTypeInput>): Promise<WageType> {
  const { adminToken, ...over } = opts;
  const res = await t.call('POST', '/api/admin/hourly-wage-types', adminToken, { name: `유형${++counter}`, rate: null, ...over });
  if (res.status !== 200) throw new Error(`makeWageType: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as WageType;
}
