import { type CreateTaInput, type Ta, taApi, type WageType, type WageTypeInput, wageTypesApi } from '@academy/contracts/staff';
import type { TestApp } from '../../../test/harness.ts';

let counter = 0;

/** A TA account made through the admin API, with a signed token for its own calls. */
export async function makeTa(t: TestApp, opts: { adminToken: string } & Partial<CreateTaInput>): Promise<Ta & { token: string }> {
  const { adminToken, ...over } = opts;
  const n = ++counter;
  const ta = await t.api(taApi.create, { token: adminToken, body: { loginId: `ta${process.pid}n${n}`, name: `조교${n}`, password: 'ta-pass-1234!', hourlyWage: 12_000, ...over } });
  const token = await t.ctx.signer.sign({ userId: ta.id, loginId: ta.loginId, userType: 'TA', isAdminLevel: ta.isAdminLevel });
  return { ...ta, token };
}

/** A wage type made through the admin API. */
export async function makeWageType(t: TestApp, opts: { adminToken: string } & Partial<WageTypeInput>): Promise<WageType> {
  const { adminToken, ...over } = opts;
  return t.api(wageTypesApi.create, { token: adminToken, body: { name: `유형${++counter}`, rate: null, ...over } });
}
