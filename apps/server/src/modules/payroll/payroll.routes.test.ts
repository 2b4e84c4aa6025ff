import { kstToday } from '@academy/contracts/dates';
import type { PayrollLine, WorkRecord } from '@academy/contracts/payroll';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
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

/** Sets the test clock to a Korean time. */
const at = (date: string, time: string) => {
  t.clock.now = new Date(kst(date, time));
};

describe('clocking in and out', () => {
  it('one open record at most; clocking out closes it to the minute; the header status shows it', async () => {
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    at('2026-11-02', '09:00');
    t.clock.now = new Date(t.clock.now.getTime() + 37_000);
    const status0 = (await t.call('GET', '/api/supervisor/work-status', ta.token)).json;
    expect(status0.open).toBeNull();
    expect(status0.wageTypes.map((w: { name: string; rate: number }) => [w.name, w.rate])).toEqual([['수업보조', 12_000], ['클리닉', 13_000]]);
    const inn = await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId });
    expect(inn.status).toBe(200);
    expect(inn.json).toMatchObject({ status: 'open', startedAt: new Date(kst('2026-11-02', '09:00')).toISOString(), wageTypeName: '수업보조', workDate: '2026-11-02' });
    const twice = await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId: other });
    expect([twice.status, twice.json.code]).toEqual([409, 'payroll.already_clocked_in']);
    expect((await t.call('GET', '/api/supervisor/work-status', ta.token)).json.open.id).toBe(inn.json.id);
    at('2026-11-02', '13:30');
    const out = await t.call('POST', '/api/supervisor/work-out-v2', ta.token);
    expect(out.json).toMatchObject({ status: 'closed', minutes: 270 });
    expect((await t.call('POST', '/api/supervisor/work-out-v2', ta.token)).json.code).toBe('payroll.not_clocked_in');
    const mine = (await t.call('GET', '/api/supervisor/work-in-out?month=2026-11', ta.token)).json as WorkRecord[];
    expect(mine.map((r) => r.minutes)).toEqual([270]);
  });

  it('two clicks at once open one record', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    at('2026-11-03', '10:00');
    const results = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('a record left open past its work day is flagged for an admin, never closed; the TA can clock in again', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    at('2026-11-04', '20:00');
    const night = (await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId })).json as WorkRecord;
    // Past midnight the shift is still open: the work day ends at 06:00.
    at('2026-11-05', '01:30');
    expect((await t.call('GET', '/api/supervisor/work-status', ta.token)).json.open.id).toBe(night.id);
    at('2026-11-05', '09:00');
    const refused = await t.call('POST', '/api/supervisor/work-out-v2', ta.token);
    expect([refused.status, refused.json.code]).toEqual([409, 'payroll.past_day_open']);
    const status = (await t.call('GET', '/api/supervisor/work-status', ta.token)).json;
    expect(status.open).toBeNull();
    expect(status.missingOut.map((r: WorkRecord) => [r.id, r.status, r.endedAt])).toEqual([[night.id, 'missing_out', null]]);
    expect((await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId })).status).toBe(200);
    const list = (await t.call('GET', `/api/admin/work-in-out?from=2026-11-04&to=2026-11-05&taId=${ta.id}`, admin())).json as WorkRecord[];
    expect(list.map((r) => r.status)).toEqual(['missing_out', 'open']);
  });

  it('only allowed wage types, and only TA accounts, clock in', async () => {
    const ta = await makeTa(t, { adminToken: admin(), wageTypeIds: [other] });
    const refused = await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId });
    expect([refused.status, refused.json.code]).toEqual([400, 'payroll.wage_type_not_allowed']);
    expect((await t.call('POST', '/api/supervisor/work-in-v2', admin(), { wageTypeId })).json.code).toBe('payroll.not_a_ta');
    expect((await t.call('POST', '/api/supervisor/work-in-v2', student.token, { wageTypeId })).status).toBe(403);
    expect((await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId: 'x' })).json.message).toContain('급여 유형');
  });
});

describe('admin corrections', () => {
  it('are audited with who, before, after and why; overlapping and future times are refused', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    t.clock.now = new Date();
    const rec = await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-10-05', from: '14:00', to: '18:00' });
    const fixed = await t.call('PUT', `/api/admin/work-in-out/${rec.id}`, staff.manager.token, { endedAt: new Date(kst('2026-10-05', '19:30')).toISOString(), wageTypeId: other, reason: '퇴근을 늦게 찍음' });
    expect(fixed.json).toMatchObject({ minutes: 330, wageTypeName: '클리닉', corrected: true, correctionReason: '퇴근을 늦게 찍음' });
    const history = (await t.call('GET', `/api/admin/work-in-out/${rec.id}/history`, admin())).json;
    expect(history.at(-1)).toMatchObject({ action: 'work.correct', actorName: '이실장', reason: '퇴근을 늦게 찍음', before: { endedAt: new Date(kst('2026-10-05', '18:00')).toISOString() } });
    const noReason = await t.call('PUT', `/api/admin/work-in-out/${rec.id}`, admin(), { endedAt: new Date(kst('2026-10-05', '19:00')).toISOString() });
    expect([noReason.status, noReason.json.message]).toEqual([400, '사유: 필수 입력 항목입니다']);
    const overlap = await t.call('POST', '/api/admin/work-in-out', admin(), { taId: ta.id, wageTypeId, startedAt: new Date(kst('2026-10-05', '19:00')).toISOString(), endedAt: new Date(kst('2026-10-05', '21:00')).toISOString(), reason: '빠진 근무' });
    expect([overlap.status, overlap.json.code]).toEqual([409, 'payroll.record_overlap']);
    const future = await t.call('POST', '/api/admin/work-in-out', admin(), { taId: ta.id, wageTypeId, startedAt: new Date(Date.now() + 3_600_000).toISOString(), endedAt: new Date(Date.now() + 7_200_000).toISOString(), reason: '미래 근무' });
    expect(future.json.code).toBe('payroll.record_invalid');
    const backwards = await t.call('POST', '/api/admin/work-in-out', admin(), { taId: ta.id, wageTypeId, startedAt: new Date(kst('2026-10-06', '19:00')).toISOString(), endedAt: new Date(kst('2026-10-06', '18:00')).toISOString(), reason: '빠진 근무' });
    expect(backwards.json.message).toContain('퇴근 시각은 출근 시각보다');
    const del = await t.call('DELETE', `/api/admin/work-in-out/${rec.id}?reason=${encodeURIComponent('중복 기록')}`, admin());
    expect(del.status).toBe(200);
    const trail = await t.ctx.db.select().from(auditLogs).where(and(eq(auditLogs.entity, 'work_record'), eq(auditLogs.entityId, String(rec.id)), eq(auditLogs.action, 'work.delete')));
    expect(trail[0]).toMatchObject({ actorId: staff.admin.id, after: { reason: '중복 기록' } });
  });
});

describe('closed months', () => {
  it('refuse every write into them; later corrections go to the next month', async () => {
    const ta = await makeTa(t, { adminToken: admin(), hourlyWage: 12_000 });
    t.clock.now = new Date();
    const rec = await addShift(t, { adminToken: admin(), taId: ta.id, wageTypeId, date: '2026-06-10', from: '10:00', to: '14:00' });
    const wage = (await t.call('POST', '/api/admin/ta-monthly-custom-wage', admin(), { taId: ta.id, month: '2026-06', amount: 10_000, memo: '감독 수당' })).json;
    const notOver = await t.call('POST', `/api/admin/payroll/${kstToday(new Date()).slice(0, 7)}/close`, admin());
    expect(notOver.json.code).toBe('payroll.month_not_over');
    const closed = await t.call('POST', '/api/admin/payroll/2026-06/close', admin());
    expect(closed.json).toMatchObject({ status: 'closed', closedByName: '김원장' });
    const line = (closed.json.lines as PayrollLine[]).find((l) => l.taId === ta.id)!;
    expect(line.totals.wages).toBe(58_000);

    const refusals = await Promise.all([
      t.call('PUT', `/api/admin/work-in-out/${rec.id}`, admin(), { endedAt: new Date(kst('2026-06-10', '15:00')).toISOString(), reason: '정정' }),
      t.call('DELETE', `/api/admin/work-in-out/${rec.id}?reason=${encodeURIComponent('삭제')}`, admin()),
      t.call('POST', '/api/admin/work-in-out', admin(), { taId: ta.id, wageTypeId, startedAt: new Date(kst('2026-06-11', '10:00')).toISOString(), endedAt: new Date(kst('2026-06-11', '12:00')).toISOString(), reason: '빠진 근무' }),
      t.call('POST', '/api/admin/ta-monthly-custom-wage', admin(), { taId: ta.id, month: '2026-06', amount: 5_000, memo: '추가' }),
      t.call('PUT', `/api/admin/ta-monthly-custom-wage/${wage.id}`, admin(), { taId: ta.id, month: '2026-06', amount: 20_000, memo: '감독 수당' }),
      t.call('DELETE', `/api/admin/ta-monthly-custom-wage/${wage.id}`, admin()),
      // A shift moved out of a closed month is a write into it too.
      t.call('PUT', `/api/admin/work-in-out/${rec.id}`, admin(), { startedAt: new Date(kst('2026-07-01', '10:00')).toISOString(), endedAt: new Date(kst('2026-07-01', '14:00')).toISOString(), reason: '날짜 정정' }),
    ]);
    for (const r of refusals) expect([r.status, r.json.code]).toEqual([409, 'payroll.month_closed']);
    expect(refusals[0]!.json.message).toContain('2026년 7월 추가·공제 항목');
    expect((await t.call('GET', '/api/supervisor/work-in-out?month=2026-06', ta.token)).json[0].monthClosed).toBe(true);

    // The correction goes to July; June's payroll stays as it was closed, even after a rate change.
    expect((await t.call('POST', '/api/admin/ta-monthly-custom-wage', admin(), { taId: ta.id, month: '2026-07', amount: 12_000, memo: '6월 근무 1시간 정정분' })).status).toBe(200);
    await t.call('PUT', `/api/admin/ta/${ta.id}/wage`, admin(), { hourlyWage: 15_000 });
    const june = (await t.call('GET', '/api/admin/payroll-info?month=2026-06', admin())).json;
    expect(june.lines.find((l: PayrollLine) => l.taId === ta.id).totals.wages).toBe(58_000);
    expect((await t.call('POST', '/api/admin/payroll/2026-06/close', admin())).json.closedAt).toBe(closed.json.closedAt);
  });

  it('cannot be closed while a record has no clock-out', async () => {
    const ta = await makeTa(t, { adminToken: admin() });
    at('2026-05-20', '10:00');
    await t.call('POST', '/api/supervisor/work-in-v2', ta.token, { wageTypeId });
    t.clock.now = new Date();
    const refused = await t.call('POST', '/api/admin/payroll/2026-05/close', admin());
    expect([refused.status, refused.json.code]).toEqual([409, 'payroll.month_has_open_records']);
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
    const notMine = await t.call('POST', '/api/supervisor/expense-claim', peer.token, { date: '2026-09-03', amount: 12_345, memo: '빨간 펜', receiptFileId: fileId });
    expect(notMine.json.code).toBe('payroll.receipt_invalid');
    const claim = await t.call('POST', '/api/supervisor/expense-claim', ta.token, { date: '2026-09-03', amount: 12_345, memo: '빨간 펜', receiptFileId: fileId });
    expect(claim.json).toMatchObject({ status: 'pending', receipt: { fileId, fileName: '영수증.pdf', contentType: 'application/pdf' } });

    // The receipt opens for its owner and admins, not for another TA, and is not in file lists.
    expect((await t.call('GET', `/api/files/${fileId}/download-url`, peer.token)).status).toBe(403);
    expect((await t.call('GET', `/api/files/${fileId}/download-url`, staff.manager.token)).status).toBe(200);
    const url = (await t.call('GET', `/api/files/${fileId}/download-url?inline=true`, admin())).json.url;
    expect((await sendToUrl(t, { url, method: 'GET' })).body.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.call('GET', '/api/files?kind=receipt', peer.token)).json).toEqual([]);
    expect((await t.call('DELETE', `/api/files/${fileId}`, ta.token)).status).toBe(403);

    expect((await t.call('PUT', `/api/supervisor/expense-claim/${claim.json.id}`, peer.token, { date: '2026-09-03', amount: 1, memo: 'x', receiptFileId: fileId })).status).toBe(404);
    const approved = await t.call('PUT', `/api/admin/expense-claim/${claim.json.id}/approve`, admin());
    expect(approved.json).toMatchObject({ status: 'approved', payMonth: '2026-09', decidedByName: '김원장' });
    expect((await t.call('PUT', `/api/admin/expense-claim/${claim.json.id}/reject`, admin(), { reason: '중복' })).json.code).toBe('payroll.claim_decided');
    expect((await t.call('DELETE', `/api/supervisor/expense-claim/${claim.json.id}`, ta.token)).json.code).toBe('payroll.claim_decided');
    const pay = (await t.call('GET', '/api/supervisor/my-pay-info?month=2026-09', ta.token)).json;
    expect(pay.line.expenses).toEqual([{ id: claim.json.id, date: '2026-09-03', amount: 12_345, memo: '빨간 펜' }]);
    expect(pay.line.totals).toMatchObject({ wages: 0, expenses: 12_345, withholding: 0, net: 12_345 });

    const second = await uploadFile(t, { token: ta.token, body: pdf, fileName: '택시.pdf', kind: 'receipt' });
    const late = (await t.call('POST', '/api/supervisor/expense-claim', ta.token, { date: '2026-06-20', amount: 8_000, memo: '택시비', receiptFileId: second.fileId })).json;
    // June is closed (above): approved now, the claim is paid in July.
    expect((await t.call('PUT', `/api/admin/expense-claim/${late.id}/approve`, admin())).json.payMonth).toBe('2026-07');

    const third = await uploadFile(t, { token: ta.token, body: pdf, fileName: '간식.pdf', kind: 'receipt' });
    const snack = (await t.call('POST', '/api/supervisor/expense-claim', ta.token, { date: '2026-09-04', amount: 30_000, memo: '간식', receiptFileId: third.fileId })).json;
    const rejected = await t.call('PUT', `/api/admin/expense-claim/${snack.id}/reject`, admin(), { reason: '개인 간식은 지원하지 않습니다' });
    expect(rejected.json).toMatchObject({ status: 'rejected', rejectReason: '개인 간식은 지원하지 않습니다', payMonth: null });

    const fourth = await uploadFile(t, { token: ta.token, body: pdf, fileName: '취소.pdf', kind: 'receipt' });
    const withdrawn = (await t.call('POST', '/api/supervisor/expense-claim', ta.token, { date: '2026-09-05', amount: 1_000, memo: '취소할 청구', receiptFileId: fourth.fileId })).json;
    expect((await t.call('DELETE', `/api/supervisor/expense-claim/${withdrawn.id}`, ta.token)).status).toBe(200);
    expect((await t.call('GET', `/api/files/${fourth.fileId}`, ta.token)).status).toBe(404);
    expect(((await t.call('GET', '/api/supervisor/expense-claim', ta.token)).json as { id: number }[]).map((c) => c.id).sort()).toEqual([claim.json.id, late.id, snack.id].sort());

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
    expect(((await t.call('GET', '/api/supervisor/work-in-out?month=2026-08', a.token)).json as WorkRecord[]).map((r) => r.taId)).toEqual([a.id]);
    expect((await t.call('GET', '/api/supervisor/my-pay-info?month=2026-08', a.token)).json.line).toMatchObject({ taId: a.id, minutesWorked: 120 });
    const gql = await t.call('POST', '/api/gql', a.token, { query: '{ workRecords { nodes { taId } totalCount } expenseClaims { totalCount } }' });
    expect(new Set(gql.json.data.workRecords.nodes.map((n: { taId: number }) => n.taId))).toEqual(new Set([a.id]));
    for (const path of ['/api/admin/payroll-info?month=2026-08', '/api/admin/ta', '/api/admin/hourly-wage-types', '/api/admin/work-in-out?from=2026-08-01&to=2026-08-31', '/api/admin/payroll/2026-08/excel', `/api/admin/payroll/2026-08/payslip/${a.id}`]) {
      expect((await t.call('GET', path, a.token)).status, path).toBe(403);
      expect((await t.call('GET', path, student.token)).status, path).toBe(403);
      expect((await t.call('GET', path, null)).status, path).toBe(401);
      expect((await t.call('GET', path, staff.manager.token)).status, path).toBe(200);
    }
    for (const path of ['/api/supervisor/work-status', '/api/supervisor/work-in-out?month=2026-08', '/api/supervisor/my-pay-info?month=2026-08', '/api/supervisor/expense-claim']) {
      expect((await t.call('GET', path, student.token)).status, path).toBe(403);
    }
    const gqlStudent = await t.call('POST', '/api/gql', student.token, { query: '{ workRecords { totalCount } }' });
    expect(gqlStudent.json.errors[0].extensions.code).toBe('auth.forbidden');
    const gqlAdmin = await t.call('POST', '/api/gql', staff.manager.token, { query: '{ tas { totalCount } hourlyWageTypes { totalCount } workRecords(filter: { workDate: { eq: "2026-08-03" } }) { totalCount } }' });
    expect(gqlAdmin.json.data.workRecords.totalCount).toBe(2);
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
    const mine = await t.call('GET', '/api/supervisor/my-payslip?month=2026-08', ta.token);
    expect([mine.status, mine.json.code]).toEqual([409, 'payroll.month_not_closed']);
  });
});

