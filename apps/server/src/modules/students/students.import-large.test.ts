import { initialStudentPassword, studentsApi } from '@academy/contracts/students';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { userAccounts } from '../users/index.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { studentProfiles } from './students.table.ts';
import { generatedRows, importWorkbook, uploadImport } from './students.testkit.ts';

let t: TestApp;
let ta: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ ta } = await makeStaff(t));
}, 120_000);
afterAll(() => t.close());

const upload = (file: Buffer) => uploadImport(t, { token: ta.token, file, dryRun: false });

const accountsLike = async (prefix: string) => (await t.ctx.db.select({ n: count() }).from(userAccounts).where(like(userAccounts.loginId, `${prefix}%`)))[0]!.n;
const profilesLike = async (prefix: string) =>
  (await t.ctx.db.select({ n: count() }).from(studentProfiles).innerJoin(userAccounts, eq(userAccounts.id, studentProfiles.userId)).where(like(userAccounts.loginId, `${prefix}%`)))[0]!.n;
const importAudits = async () => (await t.ctx.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'student.import')))[0]!.n;

describe('large Excel imports: one transaction, written in chunks while the passwords are hashed', () => {
  it('3,000 rows: every account, profile (with search tokens) and audit row lands; first and last sign in', async () => {
    const rows = generatedRows(3000, 'big');
    const audits = await importAudits();
    const res = await upload(await importWorkbook(rows));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ dryRun: false, total: 3000, valid: 3000, inserted: 3000, errors: [] });
    expect(await accountsLike('big')).toBe(3000);
    expect(await profilesLike('big')).toBe(3000);
    expect(await importAudits()).toBe(audits + 3000);
    for (const r of [rows[0]!, rows[2999]!]) {
      const loginId = r[1]!;
      expect(await t.login(loginId, initialStudentPassword({ phone: r[3]!.replace(/-/g, ''), loginId }))).toBeTruthy();
    }
    const last = rows[2999]!;
    const found = await t.api(studentsApi.list, { token: ta.token, query: { search: last[3]!.slice(-4) } });
    expect(found.nodes.map((n) => n.loginId)).toContain(last[1]);
    expect(found.nodes.find((n) => n.loginId === last[1])).toMatchObject({ name: last[0], school: '대치고', grade: '고2', parentPhone: '01098765432' });
  }, 120_000);

  it('3,000 rows with a bad row 2,999: refused whole, nothing written', async () => {
    const rows = generatedRows(3000, 'bad');
    rows[2997] = [...rows[2997]!.slice(0, 3), '010-12', ...rows[2997]!.slice(4)];
    const audits = await importAudits();
    const res = await upload(await importWorkbook(rows));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ dryRun: false, total: 3000, valid: 2999, inserted: 0 });
    expect(res.json.errors).toEqual([expect.objectContaining({ row: 2999, field: '학생 전화번호' })]);
    expect(await accountsLike('bad')).toBe(0);
    expect(await importAudits()).toBe(audits);
  }, 120_000);

  it('two imports at once that share only their last login id: one lands whole, the other writes nothing', async () => {
    const a = generatedRows(1200, 'twa');
    const b = generatedRows(1200, 'twb');
    b[1199] = [b[1199]![0]!, a[1199]![1]!, ...b[1199]!.slice(2)];
    const audits = await importAudits();
    const [ra, rb] = await Promise.all([upload(await importWorkbook(a)), upload(await importWorkbook(b))]);
    const landed = [ra, rb].filter((r) => r.json.inserted === 1200);
    const refused = [ra, rb].filter((r) => r.json.inserted !== 1200);
    expect(landed).toHaveLength(1);
    expect(refused).toHaveLength(1);
    // Refused either at validation (the other import had committed) or by the unique index inside its transaction.
    const r = refused[0]!;
    if (r.status === 200) expect(r.json).toMatchObject({ inserted: 0, errors: [expect.objectContaining({ row: 1201, field: '아이디' })] });
    else expect(r.json.code).toBe('students.login_id_taken');
    expect((await accountsLike('twa')) + (await accountsLike('twb'))).toBe(1200);
    expect((await profilesLike('twa')) + (await profilesLike('twb'))).toBe(1200);
    expect(await importAudits()).toBe(audits + 1200);
  }, 120_000);
});
