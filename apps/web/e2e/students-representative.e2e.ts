import { describe, expect, test } from 'vitest';
import { browserForFile } from './harness.ts';

const e2e = browserForFile();

const LECTURE = '중3 영어 내신반';

describe('representative lectures (CRM student page)', () => {
  test('admin picks a representative lecture: saved with Enter, kept after a reload, shown in the student list', async () => {
    const page = await e2e.signedIn('admin', { at: '/crm/students' });
    await page.getByRole('heading', { name: '학생 관리' }).waitFor();
    await page.getByTestId('student-search').fill('student17');
    const link = page.locator('.MuiDataGrid-row [data-field="name"] a');
    await expect.poll(() => link.count(), { timeout: 10_000 }).toBe(1);
    await link.click();

    const card = page.getByTestId('student-representative-lectures');
    await card.waitFor();
    await card.getByRole('button', { name: '대표 강좌 수정' }).click();
    const input = card.getByRole('combobox');
    // Start from an empty choice so the picked lecture is the first one (the one shown beside the name).
    for (let n = await card.locator('.MuiChip-deleteIcon').count(); n > 0; n--) await card.locator('.MuiChip-deleteIcon').first().click();
    await input.click();
    await input.fill('영어 내신');
    const option = page.getByTestId('representative-lecture-option').filter({ hasText: LECTURE });
    await option.waitFor();
    expect(await option.innerText()).toContain('김도현 선생님');
    await option.click();
    await input.press('Enter');

    await page.getByText('대표 강좌를 저장했습니다').waitFor();
    await expect.poll(() => card.getByTestId('representative-lecture-chip').allInnerTexts()).toEqual([LECTURE]);

    await page.reload();
    await expect.poll(() => page.getByTestId('student-representative-lectures').getByTestId('representative-lecture-chip').allInnerTexts(), { timeout: 10_000 }).toEqual([LECTURE]);

    // Esc leaves the editor without saving.
    await page.getByRole('button', { name: '대표 강좌 수정' }).click();
    await page.getByTestId('student-representative-lectures').locator('.MuiChip-deleteIcon').first().click();
    await page.getByTestId('student-representative-lectures').getByRole('combobox').press('Escape');
    await expect.poll(() => page.getByTestId('representative-lecture-chip').allInnerTexts()).toEqual([LECTURE]);

    await page.getByRole('link', { name: '학생 목록' }).click();
    await page.getByTestId('student-search').fill('student17');
    const cell = page.locator('.MuiDataGrid-row [data-field="representativeLectureName"]');
    await expect.poll(() => cell.allInnerTexts(), { timeout: 10_000 }).toEqual([LECTURE]);
  });
});
