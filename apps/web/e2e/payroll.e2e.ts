import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { previousMonth } from '@academy/contracts/payroll';
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { tinyPdf } from './files-kit.ts';
import { browserForFile, expectAccessible, fillPicker, pathOf, pickerText } from './harness.ts';

const e2e = browserForFile();

/** The TA this file makes through the admin screen. */
const TA = { name: '골든조교', loginId: 'e2egolden', password: 'golden-pass-12' };

/** A Monday of last month whose whole week is in last month: the golden week G7 (docs/payroll.md). */
function goldenMonday(): string {
  const month = previousMonth(kstToday(new Date()).slice(0, 7));
  let d = `${month}-01`;
  while (dayOfWeek(d) !== 1) d = addDays(d, 1);
  return d;
}

async function signIn(page: Page, loginId: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-id').fill(loginId);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('TA work and pay', () => {
  test('a new TA clocks in and out and files a claim; the admin approves it, corrects the record, closes the month, and the Excel and payslip match golden case G7', async () => {
    const monday = goldenMonday();
    const month = monday.slice(0, 7);

    // The admin adds the TA; a rate under this year's minimum wage is warned about before saving.
    const admin = await e2e.signedIn('admin', { at: '/crm/admin/tas' });
    await admin.getByRole('columnheader', { name: '이름' }).waitFor();
    await expectAccessible(admin, pathOf(admin));
    await admin.getByTestId('ta-add').click();
    const dialog = admin.getByTestId('ta-create-dialog');
    await dialog.getByTestId('ta-name').fill(TA.name);
    await dialog.getByTestId('ta-login').fill(TA.loginId);
    await dialog.getByTestId('ta-password').fill(TA.password);
    await dialog.getByTestId('wage-hourly').fill('10000');
    await expect.poll(() => dialog.getByTestId('minimum-wage-warning').innerText()).toContain('최저시급 10,320원보다 낮습니다');
    await expectAccessible(admin, pathOf(admin));
    await dialog.getByTestId('wage-hourly').fill('12000');
    await dialog.getByTestId('minimum-wage-warning').waitFor({ state: 'detached' });
    const created = admin.waitForResponse((r) => r.url().endsWith('/api/admin/ta') && r.request().method() === 'POST');
    await dialog.getByTestId('form-submit').click();
    expect((await created).status()).toBe(200);
    await admin.getByRole('gridcell', { name: TA.name, exact: true }).waitFor();

    // The settings dialog asks from which day a new rate applies (today by default) and lists the rates so far.
    await admin.getByRole('button', { name: `${TA.name} 급여 설정` }).click();
    const wage = admin.getByTestId('wage-dialog');
    await expect.poll(() => wage.getByTestId('wage-history').innerText()).toContain('처음부터 · 12,000원');
    const field = wage.getByTestId('wage-effective-from');
    expect(await field.innerText()).toContain('적용 시작일');
    // The picker shows "2026. 12. 3.(목)"; its digits are today's on the Korean clock.
    const [y, m, d] = kstToday(new Date()).split('-').map(Number);
    await expect.poll(async () => (await field.innerText()).replace(/\D/g, '')).toBe(`${y}${m}${d}`);
    await expectAccessible(admin, pathOf(admin));
    await wage.getByRole('button', { name: '취소' }).click();
    await wage.waitFor({ state: 'detached' });

    await admin.goto('/crm/admin/wage-types');
    await admin.getByRole('gridcell', { name: '클리닉', exact: true }).waitFor();
    await expectAccessible(admin, pathOf(admin));

    // The TA clocks in from the header (choosing the wage type) and out again.
    const ta = await e2e.newPage();
    await signIn(ta, TA.loginId, TA.password);
    await ta.getByTestId('clock-in').click();
    await ta.getByTestId('clock-type').filter({ hasText: '수업보조' }).click();
    await expect.poll(() => ta.getByTestId('clock-running').innerText()).toContain('수업보조 근무 중');
    await expectAccessible(ta, pathOf(ta));
    await ta.getByTestId('clock-out').click();
    await ta.getByTestId('confirm-dialog').getByRole('button', { name: '퇴근' }).click();
    await ta.getByTestId('clock-in').waitFor();

    // My work shows the record; the TA files a claim dated in the golden week, with a PDF receipt.
    await ta.goto('/crm/my-work');
    await ta.getByTestId('record-row').first().waitFor();
    await expectAccessible(ta, pathOf(ta));
    await ta.getByTestId('claim-add').click();
    const claim = ta.getByTestId('claim-dialog');
    await fillPicker(claim.getByTestId('claim-date'), addDays(monday, 2));
    await claim.getByTestId('claim-amount').fill('12345');
    await claim.getByTestId('claim-memo').fill('클리닉 간식');
    await claim.getByTestId('receipt-input').setInputFiles({ name: '영수증.pdf', mimeType: 'application/pdf', buffer: tinyPdf('Receipt 12,345') });
    await expect.poll(() => claim.getByTestId('receipt-name').innerText()).toBe('영수증.pdf');
    await expectAccessible(ta, pathOf(ta));
    await claim.getByTestId('form-submit').click();
    await expect.poll(() => ta.getByTestId('claim-row').filter({ hasText: '클리닉 간식' }).innerText()).toContain('대기');

    // The admin approves the claim beside its receipt.
    await admin.goto('/crm/admin/expense-claims');
    const row = admin.getByRole('row').filter({ hasText: '클리닉 간식' }).filter({ hasText: TA.name });
    await row.waitFor();
    await expectAccessible(admin, pathOf(admin));
    await row.click();
    const review = admin.getByTestId('claim-review');
    await review.getByTestId('receipt-pdf').waitFor();
    // Issue 35 item 5: the PDF is not framed (the CSP refuses it, and a frame showed a blank box);
    // it opens in a tab of its own, served as the PDF it is.
    expect(await admin.locator('iframe, object, embed').count()).toBe(0);
    const href = (await review.getByTestId('receipt-pdf-open').getAttribute('href'))!;
    const [tab] = await Promise.all([admin.context().waitForEvent('page'), review.getByTestId('receipt-pdf-open').click()]);
    await tab.waitForURL((u) => u.href === new URL(href, u).href);
    await tab.close();
    const file = await admin.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toContain('application/pdf');
    await expectAccessible(admin, pathOf(admin));
    const approved = admin.waitForResponse((r) => r.url().includes('/approve'));
    await review.getByTestId('claim-approve').click();
    expect((await approved).status()).toBe(200);

    // The admin corrects the TA's record into the golden day: Monday 08:00–23:00 (15 hours).
    await admin.goto('/crm/admin/work');
    const today = admin.getByTestId('calendar-record').filter({ hasText: TA.name });
    await today.first().waitFor();
    await expectAccessible(admin, pathOf(admin));
    await today.first().click();
    const fix = admin.getByTestId('record-correct-dialog');
    await fillPicker(fix.getByTestId('record-date'), monday);
    await fillPicker(fix.getByTestId('record-start'), '08:00');
    await fillPicker(fix.getByTestId('record-end'), '23:00');
    await fix.getByTestId('record-reason').fill('출근 시각을 지난달로 정정');
    expect([await pickerText(fix.getByTestId('record-start')), await pickerText(fix.getByTestId('record-end'))]).toEqual(['오전 8:00', '오후 11:00']);
    await expectAccessible(admin, pathOf(admin));
    const corrected = admin.waitForResponse((r) => r.url().includes('/api/admin/work-in-out/') && r.request().method() === 'PUT');
    await fix.getByTestId('record-save').click();
    expect((await corrected).status()).toBe(200);

    // Last month's payroll: the line shows G7's figures; the admin closes the month.
    await admin.goto('/crm/admin/payroll');
    const line = admin.getByTestId('payroll-line').filter({ hasText: TA.name });
    await expect.poll(() => line.getByTestId('payroll-net').innerText()).toBe('221,225원');
    await line.getByTestId('payroll-expand').click();
    const detail = admin.getByRole('table', { name: `${TA.name} 급여 내역` });
    await expect.poll(() => detail.innerText()).toContain('주휴수당');
    expect(await detail.innerText()).toContain('36,000원');
    await expectAccessible(admin, pathOf(admin));
    await admin.getByTestId('payroll-close').click();
    await admin.getByTestId('confirm-dialog').getByRole('button', { name: '마감' }).click();
    await expect.poll(() => admin.getByTestId('payroll-status').innerText()).toContain('마감');

    // The Excel: a summary and a sheet for the TA, with G7's net.
    const excelDownload = admin.waitForEvent('download');
    await admin.getByTestId('payroll-excel').click();
    const excel = await excelDownload;
    expect(excel.suggestedFilename()).toBe(`급여_${month}.xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await excel.path())!)) as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet(TA.name)!;
    const items = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1, 4));
    expect(items).toContainEqual(['근무 수당 (수업보조)', '15시간 × 12,000원', 180_000]);
    expect(items).toContainEqual(['주휴수당', expect.stringContaining('15시간'), 36_000]);
    expect(items).toContainEqual(['경비 (비과세)', expect.stringContaining('클리닉 간식'), 12_345]);
    expect(items).toContainEqual(['소득세', expect.any(String), -6_480]);
    expect(items).toContainEqual(['지방소득세', expect.any(String), -640]);
    expect(items).toContainEqual(['실지급액', '지급 합계 − 공제 합계', 221_225]);

    // The payslip PDF says the same, in Korean.
    const pdfDownload = admin.waitForEvent('download');
    await line.getByTestId('payslip').click();
    const pdf = await pdfDownload;
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const doc = await pdfjs.getDocument({ data: new Uint8Array(await readFile((await pdf.path())!)), disableFontFace: true }).promise;
    const text = (await (await doc.getPage(1)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join(' ');
    for (const figure of ['180,000원', '36,000원', '12,345원', '-6,480원', '-640원', '221,225원']) expect(text).toContain(figure);
    expect(text).toContain(`${TA.name} (${TA.loginId})`);

    // Once closed, the TA gets the same payslip from their own page.
    await ta.goto('/crm/my-work');
    await ta.getByTestId('month-prev').click();
    await expect.poll(() => ta.getByTestId('pay-net').innerText()).toBe('221,225원');
    await ta.getByTestId('my-payslip').waitFor();
  }, 150_000);

  test('an admin-level TA opens the admin pages; a TA and a student do not', async () => {
    const manager = await e2e.signedIn('manager', { at: '/crm/admin/payroll' });
    await manager.getByTestId('payroll-lines').waitFor();
    await expectAccessible(manager, pathOf(manager));
    // The 실장 is a TA account: the clock is in their header too.
    await manager.getByTestId('clock').waitFor();

    const ta = await e2e.signedIn('ta', { at: '/crm/admin/payroll' });
    // Sent to /login, which forwards a signed-in TA to their own landing page.
    await ta.waitForURL((u) => u.pathname === '/crm/notice');
    expect(await ta.getByRole('link', { name: '급여', exact: true }).count()).toBe(0);
    await ta.getByRole('link', { name: '내 근무·급여' }).waitFor();

    const student = await e2e.signedIn('student', { width: 390, height: 844, at: '/crm/my-work' });
    await student.waitForURL((u) => u.pathname === '/portal');
    expect(pathOf(student)).toBe('/portal');
  });

  test('the work calendar flags a record left open past its day (ta03\'s last workday in the demo) for correction', async () => {
    const today = kstToday(new Date());
    const admin = await e2e.signedIn('admin', { at: '/crm/admin/work' });
    await admin.getByTestId('work-calendar').waitFor();
    // The demo leaves ta03 (weekdays) without a clock-out on their last workday before today when
    // that day is in this month; on the 1st, or a weekend start of the month, there is none.
    let workedThisMonth = false;
    for (let d = `${today.slice(0, 7)}-01`; d < today; d = addDays(d, 1)) if (dayOfWeek(d) <= 5) workedThisMonth = true;
    if (!workedThisMonth) return;
    const flagged = admin.locator('[data-testid="calendar-record"][data-status="missing_out"]');
    await flagged.first().waitFor();
    await admin.getByTestId('missing-out-alert').waitFor();
    await flagged.first().click();
    const fix = admin.getByTestId('record-correct-dialog');
    await expect.poll(() => fix.innerText()).toContain('퇴근을 찍지 않은 기록');
    await expectAccessible(admin, pathOf(admin));
    await fix.getByRole('button', { name: '취소' }).click();
  });
});
