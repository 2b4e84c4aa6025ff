import { taApi, wageTypesApi } from '@academy/contracts/staff';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiInput, createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { makeStaff } from '../users/users.testkit.ts';
import { makeTa, makeWageType } from './staff.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
const admin = () => staff.admin.token;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
}, 60_000);
afterAll(() => t.close());

describe('TA accounts', () => {
  it('an admin creates a TA who can sign in, edits, deactivates and deletes it', async () => {
    const created = await t.api(taApi.create, { token: admin(), body: { loginId: 'kimta', name: '김조교', phone: '010-2222-3333', password: 'newta-pass-12', hourlyWage: 11_000 } });
    expect(created).toMatchObject({ loginId: 'kimta', phone: '01022223333', paymentType: 'HOURLY', hourlyWage: 11_000, monthlyWageType: 'BUSINESS', isActive: true, isAdminLevel: false });
    expect(await t.login('kimta', 'newta-pass-12')).toBeTruthy();
    const taken = await t.apiError(taApi.create, { token: admin(), body: { loginId: 'kimta', name: '다른 조교', password: 'newta-pass-12', hourlyWage: 11_000 } });
    expect([taken.status, taken.code]).toEqual([409, 'staff.login_id_taken']);
    const weak = await t.apiError(taApi.create, { token: admin(), body: { loginId: 'weakta', name: '약한 비번', password: '1234', hourlyWage: 11_000 } });
    expect(weak.issues?.map((i) => i.path)).toContain('password');
    expect(weak.message).toContain('비밀번호');
    const id = created.id;
    expect(await t.api(taApi.update, { token: admin(), params: { id }, body: { loginId: 'kimta2', name: '김조교', phone: null } })).toMatchObject({ loginId: 'kimta2', phone: null });
    expect((await t.api(taApi.toggleStatus, { token: admin(), params: { id } })).isActive).toBe(false);
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'kimta2', password: 'newta-pass-12' } });
    expect(refused.statusCode).toBe(403);
    expect((await t.api(taApi.toggleStatus, { token: admin(), params: { id } })).isActive).toBe(true);
    await t.api(taApi.delete, { token: admin(), params: { id } });
    expect((await t.apiError(taApi.get, { token: admin(), params: { id } })).status).toBe(404);
    expect((await t.api(taApi.list, { token: admin() })).map((x) => x.id)).not.toContain(id);
    const trail = await t.ctx.db.select({ action: auditLogs.action }).from(auditLogs).where(and(eq(auditLogs.entity, 'ta'), eq(auditLogs.entityId, String(id))));
    expect(trail.map((a) => a.action)).toEqual(['ta.create', 'ta.update', 'ta.toggle_status', 'ta.toggle_status', 'ta.delete']);
  });

  it('wage settings: monthly needs a salary and a start, hourly needs a rate for every type, a 실장 cannot set their own', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    const wage = (token: string, body: ApiInput<typeof taApi.setWage>['body']) => ({ token, params: { id: ta.id }, body });
    const monthly = await t.apiError(taApi.setWage, wage(admin(), { paymentType: 'MONTHLY' }));
    expect(monthly.status).toBe(400);
    expect(monthly.issues?.map((i) => i.path)).toEqual(expect.arrayContaining(['monthlySalary', 'salaryStartMonth']));
    const badMonth = await t.apiError(taApi.setWage, wage(admin(), { paymentType: 'MONTHLY', monthlySalary: 2_000_000, salaryStartMonth: '2026-02-30' }));
    expect(badMonth.issues?.map((i) => i.path)).toContain('salaryStartMonth');
    expect(badMonth.message).toContain('급여 시작 월');
    const ok = await t.api(taApi.setWage, wage(admin(), { paymentType: 'MONTHLY', monthlySalary: 2_000_000, salaryStartMonth: '2026-03-16', monthlyWageType: 'EMPLOYMENT', isAdminLevel: true }));
    expect(ok).toMatchObject({ paymentType: 'MONTHLY', monthlySalary: 2_000_000, salaryStartMonth: '2026-03-16', monthlyWageType: 'EMPLOYMENT', isAdminLevel: true });
    // The new level counts from the TA's next sign-in or token refresh.
    const manager = await t.login(ta.loginId, 'ta-pass-1234!');
    await t.api(taApi.list, { token: manager });
    const own = await t.apiError(taApi.setWage, wage(manager, { hourlyWage: 50_000 }));
    expect([own.status, own.code]).toEqual([403, 'staff.own_settings']);

    const noRate = await makeWageType(t, { adminToken: admin(), name: '채점', rate: null });
    const hourly = await t.apiError(taApi.setWage, wage(admin(), { paymentType: 'HOURLY', hourlyWage: null, wageTypeIds: [noRate.id] }));
    expect([hourly.status, hourly.code]).toEqual([400, 'staff.rate_missing']);
    const unknownType = await t.apiError(taApi.setWage, wage(admin(), { hourlyWage: 12_000, wageTypeIds: [99_999] }));
    expect(unknownType.code).toBe('staff.wage_type_invalid');
    expect((await t.apiError(taApi.setWage, wage(admin(), { hourlyWage: 12_345.5 }))).message).toContain('시급');
  });
});

describe('hourly wage types', () => {
  it('CRUD with unique names; a deleted type leaves the list but keeps its name on old records', async () => {
    const made = await t.api(wageTypesApi.create, { token: admin(), body: { name: '클리닉', rate: 12_000, sortOrder: 2 } });
    expect(made).toMatchObject({ name: '클리닉', rate: 12_000, isActive: true });
    expect((await t.apiError(wageTypesApi.create, { token: admin(), body: { name: '클리닉 ', rate: 1 } })).code).toBe('staff.wage_type_name_taken');
    expect(await t.api(wageTypesApi.update, { token: admin(), params: { id: made.id }, body: { name: '클리닉(야간)', rate: 13_000, isActive: false } })).toMatchObject({ name: '클리닉(야간)', rate: 13_000, isActive: false });
    await t.api(wageTypesApi.delete, { token: admin(), params: { id: made.id } });
    expect((await t.api(wageTypesApi.list, { token: admin() })).map((w) => w.id)).not.toContain(made.id);
    await t.api(wageTypesApi.create, { token: admin(), body: { name: '클리닉(야간)', rate: 13_000 } });
    expect((await t.apiError(wageTypesApi.list, { token: staff.ta.token })).status).toBe(403);
  });

  it('the GraphQL grids list TAs with their settings and the wage types, for admins only', async () => {
    await makeTa(t, { adminToken: admin(), name: '그리드조교', hourlyWage: 10_000 });
    const res = await t.gql<{ tas: { nodes: unknown[] } }>('{ tas(filter: { name: { eq: "그리드조교" } }) { nodes { name paymentType hourlyWage monthlyWageType isActive } totalCount } hourlyWageTypes { totalCount } }', {
      token: staff.manager.token,
    });
    expect(res.data!.tas.nodes).toEqual([{ name: '그리드조교', paymentType: 'HOURLY', hourlyWage: 10_000, monthlyWageType: 'BUSINESS', isActive: true }]);
    const ta = await t.gql('{ tas { totalCount } }', { token: staff.ta.token });
    expect(ta.errors?.[0]?.extensions?.code).toBe('auth.forbidden');
  });
});
