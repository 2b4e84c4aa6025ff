import { describe, expect, test } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserForFile, expectAccessible } from './harness.ts';

/**
 * Issue 35 item 20: the date and time fields are MUI X pickers with the Korean locale, so an
 * English-speaking browser (launched with --lang=en-US, page locale en-US) shows "2026. 12. 2.(수)"
 * and "오후 7:00", where the native inputs showed mm/dd/yyyy and 07:00 PM. Typing still works, one
 * section after another, and the fields keep their names for screen readers.
 */
const e2e = browserForFile({ lang: 'en-US' });

/** The text a field shows: its sections, without the label. */
const shown = async (field: Locator) => ((await field.locator('.MuiPickersSectionList-root').textContent()) ?? '').replace(/[\u200e\u2066-\u2069]/g, '').trim();

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
});
