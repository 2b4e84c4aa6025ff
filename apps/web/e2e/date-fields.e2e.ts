import { addDays, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate } from '@academy/contracts/format';
import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { browserForFile, expectAccessible, fillPicker, pickerText } from './harness.ts';

/**
 * Issue 35 item 20: the date and time fields are MUI X pickers with the Korean locale, so an
 * English-speaking browser (launched with --lang=en-US, page locale en-US) shows "2026. 12. 2.(수)"
 * and "오후 7:00", where the native inputs showed mm/dd/yyyy and 07:00 PM. Typing still works, one
 * section after another, and the fields keep their names for screen readers.
 */
const e2e = browserForFile({ lang: 'en-US' });

/** The text a field shows: its sections, without the label. */
const shown = (field: Locator) => pickerText(field);

/** A picker by its label (the section group is named after the field). */
const picker = (page: Page | Locator, label: string) => page.getByRole('group', { name: label, exact: true });

/** No native date, time or month input anywhere on the page (they follow the browser's language). */
const nativeInputs = (page: Page) => page.locator('input[type=date], input[type=time], input[type=datetime-local], input[type=month]').count();

const DATE_TIME = /^\d{4}\. (1[0-2]|[1-9])\. ([1-3]\d|[1-9])\.\([월화수목금토일]\) (오전|오후) (1[0-2]|[1-9]):[0-5]\d$/;

describe('date and time fields in an English-speaking browser', () => {
  test('the lecture form reads and takes Korean dates and times', async () => {
    const page = await e2e.signedIn('admin', { width: 1366, height: 900 });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.goto('/crm/lectures');
    await page.getByTestId('lecture-add').click();
    const start = page.getByTestId('lecture-start');
    await start.waitFor();
    // The default weekly row starts at 19:00.
    const row = page.getByTestId('schedule-row').first();
    expect(await shown(row.locator('.MuiPickersTextField-root').first())).toBe('오후 7:00');
    // Typing over a filled time replaces it.
    await fillPicker(row.locator('.MuiPickersTextField-root').first(), '08:00');
    await expect.poll(() => shown(row.locator('.MuiPickersTextField-root').first())).toBe('오전 8:00');
    await fillPicker(row.locator('.MuiPickersTextField-root').nth(1), '23:30');
    await expect.poll(() => shown(row.locator('.MuiPickersTextField-root').nth(1))).toBe('오후 11:30');
    // Keyboard entry: focus the field by its name and type the digits.
    await page.getByRole('group', { name: '개강일' }).locator('[role=spinbutton]').first().click();
    await page.keyboard.type('20261202');
    await expect.poll(() => shown(start)).toBe('2026. 12. 2.(수)');
    expect(await shown(start)).not.toMatch(/mm|dd|yyyy/i);
    // The whole date fits its field, not cut at "2026. 12. 2.(".
    const fits = await start.locator('.MuiPickersSectionList-root').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await page.screenshot({ path: '/tmp/defects-dates/lecture-form-en.png' });
    await expectAccessible(page, '강좌 만들기 (en-US)');
  });

  test('every page that had a native input shows Korean dates and times', async () => {
    const page = await e2e.signedIn('admin', { width: 1366, height: 900 });
    const today = kstToday(new Date());

    // Clinic: the day picker.
    await page.goto('/crm/clinic');
    await picker(page, '날짜').waitFor();
    expect(await shown(picker(page, '날짜'))).toBe(formatKoreanDate(today));
    expect(await nativeInputs(page)).toBe(0);
    await expectAccessible(page, '클리닉 (en-US)');

    // Message history: the range, typed.
    await page.goto('/crm/sms/history');
    await picker(page, '부터').waitFor();
    await fillPicker(picker(page, '부터'), '2026-12-02');
    await expect.poll(() => shown(picker(page, '부터'))).toBe('2026. 12. 2.(수)');
    expect(await nativeInputs(page)).toBe(0);
    await expectAccessible(page, '문자 내역 (en-US)');

    // SMS compose: a scheduled send reads a Korean date and time.
    await page.goto('/crm/sms');
    await page.getByLabel('예약 발송').check();
    const at = page.getByTestId('sms-scheduled-at');
    await at.waitFor();
    expect(await shown(at)).toMatch(DATE_TIME);
    expect(await nativeInputs(page)).toBe(0);
    await expectAccessible(page, '문자 보내기 예약 (en-US)');

    // A student's page: birth date and the consult's date and time.
    await page.goto('/crm/students');
    await page.getByTestId('student-search').fill('student01');
    // The list shows the search's one student before the link is clicked (not a row of the list before it).
    const link = page.locator('.MuiDataGrid-row [data-field="name"] a');
    await expect.poll(() => link.count()).toBe(1);
    await link.click();
    await picker(page, '생년월일').waitFor();
    expect(await shown(picker(page, '생년월일'))).toMatch(/^(\d{4}\. (1[0-2]|[1-9])\. ([1-3]\d|[1-9])\.\([월화수목금토일]\))?$/);
    expect(await shown(picker(page, '상담 일시'))).toMatch(DATE_TIME);
    await fillPicker(picker(page, '시험일'), '2026-06-04');
    await expect.poll(() => shown(picker(page, '시험일'))).toBe('2026. 6. 4.(목)');
    expect(await nativeInputs(page)).toBe(0);
    await expectAccessible(page, '학생 상세 (en-US)');

    // Clinic slot form: date, times and the booking window.
    await page.goto(`/crm/clinic?view=day&date=${addDays(today, 1)}`);
    await page.getByTestId('add-slot').click();
    const dialog = page.getByRole('dialog');
    await picker(dialog, '시작').waitFor();
    await fillPicker(picker(dialog, '시작'), '19:00');
    await expect.poll(() => shown(picker(dialog, '시작'))).toBe('오후 7:00');
    expect(await shown(picker(dialog, '날짜'))).toBe(formatKoreanDate(addDays(today, 1)));
    expect(await nativeInputs(page)).toBe(0);
    await expectAccessible(page, '클리닉 시간 추가 (en-US)');
    await page.keyboard.press('Escape');

    // A TA's expense claim: today's date.
    const ta = await e2e.signedIn('ta', { width: 1366, height: 900, at: '/crm/my-work' });
    await ta.getByTestId('claim-add').click();
    const claim = ta.getByTestId('claim-date');
    await claim.waitFor();
    expect(await shown(claim)).toBe(formatKoreanDate(today));
    expect(await nativeInputs(ta)).toBe(0);
    await expectAccessible(ta, '경비 청구 (en-US)');
  });
});
