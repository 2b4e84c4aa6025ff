import { kstToday } from '@academy/contracts/dates';
import { filesApi } from '@academy/contracts/files';
import { payrollApi, workApi } from '@academy/contracts/payroll';
import { taApi, wageTypesApi } from '@academy/contracts/staff';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiError, createTestApp, type TestApp, outcomeOf } from '../../../test/harness.ts';
import { auditLogs } from '../../lib/audit/audit.table.ts';
import { drawableGlyphCount, sendToUrl, uploadFile } from '../files/files.testkit.ts';
import { makeTa, makeWageType } from '../staff/staff.testkit.ts';
import { makeStaff, makeStudents, type TestAccount } from '../users/users.testkit.ts';
import { receiptPdf } from './payroll.seed.ts';
import { addShift, kst } from './payroll.testkit.ts';

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeStaff>>;
let student: TestAccount;
let wageTypeId: number;
let other: number;
const admin = () => staff.admin.token;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
  student = (await makeStudents(t, 1))[0]!;
  wageTypeId = (await makeWageType(t, { adminToken: admin(), name: '수업보조', rate: null })).id;
  other = (await makeWageType(t, { adminToken: admin(), name: '클리닉', rate: 13_000 })).id;
}, 60_000);
afterAll(() => t.close());

/** The status a typed call ends with: 200 for a reply, else the refusal's. */
const statusOf = async (call: Promise<unknown>) => (await outcomeOf(call)).status;

/** Sets the test clock to a Korean time. */
const at = (date: string, time: string) => {
  t.clock.now = new Date(kst(date, time));
};

describe('clocking in and out', () => {
  it('one open record at most; clocking out closes it to the minute; the header status shows it', async () => {
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    at('2026-11-02', '09:00');
    t.clock.now = new Date(t.clock.now.getTime() + 37_000);
    const status0 = await t.api(workApi.status, { token: ta.token });
    expect(status0.open).toBeNull();
    expect(status0.wageTypes.map((w) => [w.name, w.rate])).toEqual([['수업보조', 12_000], ['클리닉', 13_000]]);
    const inn = await t.api(workApi.clockIn, { token: ta.token, body: { wageTypeId } });
    expect(inn).toMatchObject({ status: 'open', startedAt: new Date(kst('2026-11-02', '09:00')).toISOString(), wageTypeName: '수업보조', workDate: '2026-11-02' });
    const twice = await t.apiError(workApi.clockIn, { token: ta.token, body: { wageTypeId: other } });
    expect([twice.status, twice.code]).toEqual([409, 'payroll.already_clocked_in']);
    expect((await t.api(workApi.status, { token: ta.token })).open!.id).toBe(inn.id);
    at('2026-11-02', '13:30');
    const out = await t.api(workApi.clockOut, { token: ta.token });
    expect(out).toMatchObject({ status: 'closed', minutes: 270 });
    expect((await t.apiError(workApi.clockOut, { token: ta.token })).code).toBe('payroll.not_clocked_in');
    const mine = await t.api(workApi.myRecords, { token: ta.token, query: { month: '2026-11' } });
    expect(mine.map((r) => r.minutes)).toEqual([270]);
  });

  it('two clicks at once open one record', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    at('2026-11-03', '10:00');
    const results = await Promise.all([1, 2, 3].map(() => statusOf(t.api(workApi.clockIn, { token: ta.token, body: { wageTypeId } }))));
    expect(results.sort()).toEqual([200, 409, 409]);
  });

  it('a record left open past its work day is flagged for an admin, never closed; the TA can clock in again', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    at('2026-11-04', '20:00');
    const night = await t.api(workApi.clockIn, { token: ta.token, body: { wageTypeId } });
    // Past midnight the shift is still open: the work day ends at 06:00.
    at('2026-11-05', '01:30');
    expect((await t.api(workApi.status, { token: ta.token })).open!.id).toBe(night.id);
    at('2026-11-05', '09:00');
    const refused = await t.apiError(workApi.clockOut, { token: ta.token });
    expect([refused.status, refused.code]).toEqual([409, 'payroll.past_day_open']);
    const status = await t.api(workApi.status, { token: ta.token });
    expect(status.open).toBeNull();
    expect(status.missingOut.map((r) => [r.id, r.status, r.endedAt])).toEqual([[night.id, 'missing_out', null]]);
    await t.api(workApi.clockIn, { token: ta.token, body: { wageTypeId } });
    const list = await t.api(payrollApi.records, { token: admin(), query: { from: '2026-11-04', to: '2026-11-05', taId: ta.id } });
    expect(list.map((r) => r.status)).toEqual(['missing_out', 'open']);
  });

  it('only allowed wage types, and only TA accounts, clock in', async () => {
    const ta = await makeTa(t, { adminToken: admin(), wageTypeIds: [other] });
    const refused = await t.apiError(workApi.clockIn, { token: ta.token, body: { wageTypeId } });
    expect([refused.status, refused.code]).toEqual([400, 'payroll.wage_type_not_allowed']);
    expect((await t.apiError(workApi.clockIn, { token: admin(), body: { wageTypeId } })).code).toBe('payroll.not_a_ta');
    expect((await t.apiError(workApi.clockIn, { token: student.token, body: { wageTypeId } })).status).toBe(403);
    expect((await t.apiError(workApi.clockIn, { token: ta.token, body: { wageTypeId: 'x' } })).message).toContain('급여 유형');
  });
});

describe('admin corrections', () => {
  it('are audited with who, before, after and why; overlapping and future times are refused', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    t.clock.now = new Date();
    const rec = await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-10-05', from: '14:00', to: '18:00' });
    const fixed = await t.api(payrollApi.updateRecord, { token: staff.manager.token, params: { id: rec.id }, body: { endedAt: new Date(kst('2026-10-05', '19:30')).toISOString(), wageTypeId: other, reason: '퇴근을 늦게 찍음' } });
    expect(fixed).toMatchObject({ minutes: 330, wageTypeName: '클리닉', corrected: true, correctionReason: '퇴근을 늦게 찍음' });
    const history = await t.api(payrollApi.recordHistory, { token: admin(), params: { id: rec.id } });
    expect(history.at(-1)).toMatchObject({ action: 'work.correct', actorName: '이실장', reason: '퇴근을 늦게 찍음', before: { endedAt: new Date(kst('2026-10-05', '18:00')).toISOString() } });
    // No reason at all: the contract requires one, so this body is sent by hand.
    const noReason = await t.call<ApiError>('PUT', `/api/admin/work-in-out/${rec.id}`, admin(), { endedAt: new Date(kst('2026-10-05', '19:00')).toISOString() });
    expect([noReason.status, noReason.json.message]).toEqual([400, '사유: 필수 입력 항목입니다']);
    const overlap = await t.apiError(payrollApi.createRecord, { token: admin(), body: { taId: ta.id, wageTypeId, startedAt: new Date(kst('2026-10-05', '19:00')).toISOString(), endedAt: new Date(kst('2026-10-05', '21:00')).toISOString(), reason: '빠진 근무' } });
    expect([overlap.status, overlap.code]).toEqual([409, 'payroll.record_overlap']);
    const future = await t.apiError(payrollApi.createRecord, { token: admin(), body: { taId: ta.id, wageTypeId, startedAt: new Date(Date.now() + 3_600_000).toISOString(), endedAt: new Date(Date.now() + 7_200_000).toISOString(), reason: '미래 근무' } });
    expect(future.code).toBe('payroll.record_invalid');
    const backwards = await t.apiError(payrollApi.createRecord, { token: admin(), body: { taId: ta.id, wageTypeId, startedAt: new Date(kst('2026-10-06', '19:00')).toISOString(), endedAt: new Date(kst('2026-10-06', '18:00')).toISOString(), reason: '빠진 근무' } });
    expect(backwards.message).toContain('퇴근 시각은 출근 시각보다');
    await t.api(payrollApi.deleteRecord, { token: admin(), params: { id: rec.id }, query: { reason: '중복 기록' } });
    const trail = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'work_record'), eq(auditLogs.entityId, String(rec.id)), eq(auditLogs.action, 'work.delete')));
    expect(trail[0]).toMatchObject({ actorId: staff.admin.id, after: { reason: '중복 기록' } });
  });
});

describe('closed months', () => {
  it('refuse every write into them; later corrections go to the next month', async () => {
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    t.clock.now = new Date();
    const rec = await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-06-10', from: '10:00', to: '14:00' });
    const wage = await t.api(payrollApi.createCustomWage, { token: admin(), body: { taId: ta.id, month: '2026-06', amount: 10_000, memo: '감독 수당' } });
    const notOver = await t.apiError(payrollApi.close, { token: admin(), params: { month: kstToday(new Date()).slice(0, 7) } });
    expect(notOver.code).toBe('payroll.month_not_over');
    const closed = await t.api(payrollApi.close, { token: admin(), params: { month: '2026-06' } });
    expect(closed).toMatchObject({ status: 'closed', closedByName: '김원장' });
    const line = closed.lines.find((l) => l.taId === ta.id)!;
    expect(line.totals.wages).toBe(58_000);

    const refusals = await Promise.all([
      t.apiError(payrollApi.updateRecord, { token: admin(), params: { id: rec.id }, body: { endedAt: new Date(kst('2026-06-10', '15:00')).toISOString(), reason: '정정' } }),
      t.apiError(payrollApi.deleteRecord, { token: admin(), params: { id: rec.id }, query: { reason: '삭제' } }),
      t.apiError(payrollApi.createRecord, { token: admin(), body: { taId: ta.id, wageTypeId, startedAt: new Date(kst('2026-06-11', '10:00')).toISOString(), endedAt: new Date(kst('2026-06-11', '12:00')).toISOString(), reason: '빠진 근무' } }),
      t.apiError(payrollApi.createCustomWage, { token: admin(), body: { taId: ta.id, month: '2026-06', amount: 5_000, memo: '추가' } }),
      t.apiError(payrollApi.updateCustomWage, { token: admin(), params: { id: wage.id }, body: { taId: ta.id, month: '2026-06', amount: 20_000, memo: '감독 수당' } }),
      t.apiError(payrollApi.deleteCustomWage, { token: admin(), params: { id: wage.id } }),
      // A shift moved out of a closed month is a write into it too.
      t.apiError(payrollApi.updateRecord, { token: admin(), params: { id: rec.id }, body: { startedAt: new Date(kst('2026-07-01', '10:00')).toISOString(), endedAt: new Date(kst('2026-07-01', '14:00')).toISOString(), reason: '날짜 정정' } }),
    ]);
    for (const r of refusals) expect([r.status, r.code]).toEqual([409, 'payroll.month_closed']);
    expect(refusals[0]!.message).toContain('2026년 7월 추가·공제 항목');
    expect((await t.api(workApi.myRecords, { token: ta.token, query: { month: '2026-06' } }))[0]!.monthClosed).toBe(true);

    // The correction goes to July; June's payroll stays as it was closed, even after a rate change.
    await t.api(payrollApi.createCustomWage, { token: admin(), body: { taId: ta.id, month: '2026-07', amount: 12_000, memo: '6월 근무 1시간 정정분' } });
    await t.api(taApi.setWage, { token: admin(), params: { id: ta.id }, body: { hourlyWage: 15_000 } });
    const june = await t.api(payrollApi.info, { token: admin(), query: { month: '2026-06' } });
    expect(june.lines.find((l) => l.taId === ta.id)!.totals.wages).toBe(58_000);
    expect((await t.api(payrollApi.close, { token: admin(), params: { month: '2026-06' } })).closedAt).toBe(closed.closedAt);
  });

  it('cannot be closed while a record has no clock-out', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    at('2026-05-20', '10:00');
    await t.api(workApi.clockIn, { token: ta.token, body: { wageTypeId } });
    t.clock.now = new Date();
    const refused = await t.apiError(payrollApi.close, { token: admin(), params: { month: '2026-05' } });
    expect([refused.status, refused.code]).toEqual([409, 'payroll.month_has_open_records']);
  });
});

describe('expense claims', () => {
  it('a TA files a claim with a receipt; the admin approves it into the month of its date, or rejects with a reason', async () => {
    t.clock.now = new Date();
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    const peer = await makeTa(t, { adminToken: admin() });
    const pdf = await receiptPdf({ shop: '문구나라', item: '빨간 펜', amount: 12_345, date: '2026-09-03' });
    const { fileId, done } = await uploadFile(t, { token: ta.token, body: pdf, fileName: '영수증.pdf', kind: 'receipt' });
    expect(done.status).toBe(200);
    const notMine = await t.apiError(workApi.createClaim, { token: peer.token, body: { date: '2026-09-03', amount: 12_345, memo: '빨간 펜', receiptFileId: fileId } });
    expect(notMine.code).toBe('payroll.receipt_invalid');
    const claim = await t.api(workApi.createClaim, { token: ta.token, body: { date: '2026-09-03', amount: 12_345, memo: '빨간 펜', receiptFileId: fileId } });
    expect(claim).toMatchObject({ status: 'pending', receipt: { fileId, fileName: '영수증.pdf', contentType: 'application/pdf' } });

    // The receipt opens for its owner and admins, not for another TA, and is not in file lists.
    expect((await t.apiError(filesApi.downloadUrl, { token: peer.token, params: { id: fileId } })).status).toBe(403);
    await t.api(filesApi.downloadUrl, { token: staff.manager.token, params: { id: fileId } });
    const { url } = await t.api(filesApi.downloadUrl, { token: admin(), params: { id: fileId }, query: { inline: 'true' } });
    expect((await sendToUrl(t, { url, method: 'GET' })).body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await t.api(filesApi.list, { token: peer.token, query: { kind: 'receipt' } })).toEqual([]);
    expect((await t.apiError(filesApi.delete, { token: ta.token, params: { id: fileId } })).status).toBe(403);

    expect((await t.apiError(workApi.updateClaim, { token: peer.token, params: { id: claim.id }, body: { date: '2026-09-03', amount: 1, memo: 'x', receiptFileId: fileId } })).status).toBe(404);
    const approved = await t.api(payrollApi.approveClaim, { token: admin(), params: { id: claim.id } });
    expect(approved).toMatchObject({ status: 'approved', payMonth: '2026-09', decidedByName: '김원장' });
    expect((await t.apiError(payrollApi.rejectClaim, { token: admin(), params: { id: claim.id }, body: { reason: '중복' } })).code).toBe('payroll.claim_decided');
    expect((await t.apiError(workApi.deleteClaim, { token: ta.token, params: { id: claim.id } })).code).toBe('payroll.claim_decided');
    const pay = await t.api(workApi.myPay, { token: ta.token, query: { month: '2026-09' } });
    expect(pay.line!.expenses).toEqual([{ id: claim.id, date: '2026-09-03', amount: 12_345, memo: '빨간 펜' }]);
    expect(pay.line!.totals).toMatchObject({ wages: 0, expenses: 12_345, withholding: 0, net: 12_345 });

    const second = await uploadFile(t, { token: ta.token, body: pdf, fileName: '택시.pdf', kind: 'receipt' });
    const late = await t.api(workApi.createClaim, { token: ta.token, body: { date: '2026-06-20', amount: 8_000, memo: '택시비', receiptFileId: second.fileId } });
    // June is closed (above): approved now, the claim is paid in July.
    expect((await t.api(payrollApi.approveClaim, { token: admin(), params: { id: late.id } })).payMonth).toBe('2026-07');

    const third = await uploadFile(t, { token: ta.token, body: pdf, fileName: '간식.pdf', kind: 'receipt' });
    const snack = await t.api(workApi.createClaim, { token: ta.token, body: { date: '2026-09-04', amount: 30_000, memo: '간식', receiptFileId: third.fileId } });
    const rejected = await t.api(payrollApi.rejectClaim, { token: admin(), params: { id: snack.id }, body: { reason: '개인 간식은 지원하지 않습니다' } });
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '개인 간식은 지원하지 않습니다', payMonth: null });

    const fourth = await uploadFile(t, { token: ta.token, body: pdf, fileName: '취소.pdf', kind: 'receipt' });
    const withdrawn = await t.api(workApi.createClaim, { token: ta.token, body: { date: '2026-09-05', amount: 1_000, memo: '취소할 청구', receiptFileId: fourth.fileId } });
    await t.api(workApi.deleteClaim, { token: ta.token, params: { id: withdrawn.id } });
    expect((await t.apiError(filesApi.get, { token: ta.token, params: { id: fourth.fileId } })).status).toBe(404);
    expect((await t.api(workApi.myClaims, { token: ta.token })).map((c) => c.id).sort()).toEqual([claim.id, late.id, snack.id].sort());

    const bad = await uploadFile(t, { token: ta.token, body: Buffer.from('plain text'), fileName: 'memo.txt', contentType: 'text/plain', kind: 'receipt' }).catch((e: Error) => e.message);
    expect(bad).toContain('영수증은 사진');
  });
});

describe('permissions from the outside', () => {
  it('a TA sees only their own records and pay; an admin-level TA opens the admin calls; students reach nothing', async () => {
    t.clock.now = new Date();
    const a = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    const b = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    await addShift(t, { adminToken: admin(), taId: a.id, wageTypeId, date: '2026-08-03', from: '10:00', to: '12:00' });
    await addShift(t, { adminToken: admin(), taId: b.id, wageTypeId, date: '2026-08-03', from: '10:00', to: '13:00' });
    expect((await t.api(workApi.myRecords, { token: a.token, query: { month: '2026-08' } })).map((r) => r.taId)).toEqual([a.id]);
    expect((await t.api(workApi.myPay, { token: a.token, query: { month: '2026-08' } })).line).toMatchObject({ taId: a.id, minutesWorked: 120 });
    const gql = await t.gql<{ workRecords: { nodes: { taId: number }[] } }>('{ workRecords { nodes { taId } totalCount } expenseClaims { totalCount } }', { token: a.token });
    expect(new Set(gql.data!.workRecords.nodes.map((n) => n.taId))).toEqual(new Set([a.id]));
    // The two file replies (Excel, PDF) are read by hand.
    const adminReads: [string, (token: string | null) => Promise<number>][] = [
      ['payroll-info', (token) => statusOf(t.api(payrollApi.info, { token, query: { month: '2026-08' } }))],
      ['ta', (token) => statusOf(t.api(taApi.list, { token }))],
      ['hourly-wage-types', (token) => statusOf(t.api(wageTypesApi.list, { token }))],
      ['work-in-out', (token) => statusOf(t.api(payrollApi.records, { token, query: { from: '2026-08-01', to: '2026-08-31' } }))],
      ['excel', async (token) => (await t.call('GET', '/api/admin/payroll/2026-08/excel', token)).status],
      ['payslip', async (token) => (await t.call('GET', `/api/admin/payroll/2026-08/payslip/${a.id}`, token)).status],
    ];
    for (const [name, read] of adminReads) {
      expect(await read(a.token), name).toBe(403);
      expect(await read(student.token), name).toBe(403);
      expect(await read(null), name).toBe(401);
      expect(await read(staff.manager.token), name).toBe(200);
    }
    const taReads: [string, () => Promise<ApiError>][] = [
      ['work-status', () => t.apiError(workApi.status, { token: student.token })],
      ['work-in-out', () => t.apiError(workApi.myRecords, { token: student.token, query: { month: '2026-08' } })],
      ['my-pay-info', () => t.apiError(workApi.myPay, { token: student.token, query: { month: '2026-08' } })],
      ['expense-claim', () => t.apiError(workApi.myClaims, { token: student.token })],
    ];
    for (const [name, refusal] of taReads) expect(await refusal(), name).toMatchObject({ status: 403 });
    const gqlStudent = await t.gql('{ workRecords { totalCount } }', { token: student.token });
    expect(gqlStudent.errors?.[0]?.extensions?.code).toBe('auth.forbidden');
    const gqlAdmin = await t.gql<{ workRecords: { totalCount: number } }>('{ tas { totalCount } hourlyWageTypes { totalCount } workRecords(filter: { workDate: { eq: "2026-08-03" } }) { totalCount } }', { token: staff.manager.token });
    expect(gqlAdmin.data!.workRecords.totalCount).toBe(2);
  });
});

describe('exports', () => {
  it('the Excel has a summary and one sheet per TA; the payslip is a PDF with the Korean font', async () => {
    t.clock.now = new Date();
    const ta = await makeTa(t, { adminToken: admin(), name: '엑셀조교', hourlyWage: 12_000 });
    await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-08-10', from: '08:00', to: '23:00' });
    const res = await t.call('GET', '/api/admin/payroll/2026-08/excel', admin());
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.raw as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.name).toBe('2026년 8월 요약');
    expect(wb.worksheets.map((w) => w.name)).toContain('엑셀조교');
    const sheet = wb.getWorksheet('엑셀조교')!;
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 4));
    expect(rows).toContainEqual(['주휴수당', expect.stringContaining('15시간'), 36_000]);
    expect(rows).toContainEqual(['실지급액', '지급 합계 − 공제 합계', 216_000 - 7_120]);
    expect(sheet.getCell('C2').numFmt).toContain('원');

    const pdf = await t.call('GET', `/api/admin/payroll/2026-08/payslip/${ta.id}`, admin());
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf.raw), disableFontFace: true }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    expect(text).toContain('2026년 8월 급여명세서');
    expect(text).toContain('엑셀조교');
    expect(text).toContain('208,880원');
    // The Korean glyphs are embedded with their outlines, not only as a text layer.
    expect(await drawableGlyphCount(pdf.raw)).toBeGreaterThan(30);
    expect((await t.call('GET', `/api/admin/payroll/2026-08/payslip/${staff.ta.id}`, admin())).status).toBe(404);
    const mine = await t.call<ApiError>('GET', '/api/supervisor/my-payslip?month=2026-08', ta.token);
    expect([mine.status, mine.json.code]).toEqual([409, 'payroll.month_not_closed']);
  });
});

