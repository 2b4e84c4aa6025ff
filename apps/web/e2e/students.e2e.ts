import { getChoseong } from 'es-hangul';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { login, browserForFile } from './harness.ts';

const e2e = browserForFile();

const HEADERS = ['이름', '아이디', '비밀번호', '학생 전화번호', '학부모 전화번호', '학교', '학년', '메모'];

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('학생');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openStudents(page: Page): Promise<void> {
  await login(page, 'ta');
  await page.goto('/crm/students');
  await page.getByRole('heading', { name: '학생 관리' }).waitFor();
}

const gridNames = (page: Page) => page.locator('.MuiDataGrid-row [data-field="name"]').allInnerTexts();

describe('students (CRM)', () => {
  test('imports an Excel file through the dialog: the dry-run report first, then the rows in the grid', async () => {
    const page = await e2e.newPage();
    await openStudents(page);
    await page.getByRole('button', { name: '엑셀로 등록' }).click();
    const dialog = page.getByTestId('student-import-dialog');

    await dialog.getByTestId('student-import-file').setInputFiles({
      name: '오류.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([['', 'e2ebad01', '', '010-4000-0001', '', '', '', ''], ['전화오류', 'e2ebad02', '', '010-12', '', '', '', '']]),
    });
    await dialog.getByTestId('student-import-summary').filter({ hasText: '오류가' }).waitFor();
    // Each refusal names its field once, and a refused cell keeps what was typed (issue 35 item 17).
    const rows = await dialog.getByTestId('student-import-rows').innerText();
    expect(rows).toContain('이름을 입력해 주세요');
    expect(rows).not.toContain('이름: 이름을');
    expect(rows).toContain('(입력: 010-12)');
    expect(await dialog.getByTestId('student-import-confirm').isDisabled()).toBe(true);

    await dialog.getByTestId('student-import-file').setInputFiles({
      name: '신입생.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await workbook([
        ['엑셀일', 'e2eimp01', '', '010-4100-0001', '010-4200-0001', '대치고', '고1', ''],
        ['엑셀이', 'e2eimp02', '', '010-4100-0002', '', '휘문고', '고2', '수학 심화'],
        ['엑셀삼', 'e2eimp03', 'start-pass1', '010-4100-0003', '', '', '중3', ''],
      ]),
    });
    await dialog.getByTestId('student-import-summary').filter({ hasText: '3명 모두 등록할 수 있습니다' }).waitFor();
    const table = await dialog.getByTestId('student-import-rows').innerText();
    expect(table).toContain('엑셀이');
    expect(table).toContain('010-4100-0002');
    await dialog.getByTestId('student-import-confirm').click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByTestId('student-search').fill('e2eimp');
    await expect.poll(() => gridNames(page), { timeout: 10_000 }).toEqual(['엑셀삼', '엑셀이', '엑셀일']);
  });

  test('finds a student by 초성 in the search box', async () => {
    const page = await e2e.newPage();
    await openStudents(page);
    await page.getByTestId('student-search').fill('ㅊㅁㅈ');
    await expect.poll(() => gridNames(page), { timeout: 10_000 }).toContain('최민준');
    for (const name of await gridNames(page)) expect(getChoseong(name)).toContain('ㅊㅁㅈ');
  });

  test('pins a memo on the student page: it moves to the top and stays there after a reload', async () => {
    const page = await e2e.newPage();
    await openStudents(page);
    await page.getByTestId('student-search').fill('student30');
    const link = page.locator('.MuiDataGrid-row [data-field="name"] a');
    await expect.poll(() => link.count(), { timeout: 10_000 }).toBe(1);
    await link.click();
    await page.getByTestId('student-memos').waitFor();
    const input = page.getByTestId('memo-input');
    await input.fill('첫 상담 때 진로 고민 많음');
    await input.press('Enter');
    await page.getByTestId('memo-content').filter({ hasText: '첫 상담 때 진로 고민 많음' }).waitFor();
    await input.fill('숙제 확인 필요');
    await input.press('Enter');
    await expect.poll(() => page.getByTestId('memo-content').first().innerText()).toBe('숙제 확인 필요');

    const older = page.getByTestId('memo-item').filter({ hasText: '첫 상담 때 진로 고민 많음' });
    await older.getByRole('button', { name: '고정' }).click();
    await expect.poll(() => page.getByTestId('memo-content').first().innerText()).toBe('첫 상담 때 진로 고민 많음');
    expect(await page.getByTestId('memo-item').first().getAttribute('data-pinned')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByTestId('memo-content').first().innerText(), { timeout: 10_000 }).toBe('첫 상담 때 진로 고민 많음');
  });

  test('reorders tags by dragging, and the order is kept', async () => {
    const page = await e2e.signedIn('ta', { at: '/crm/tags' });
    const names = () => page.getByTestId('tag-name').allInnerTexts();
    await expect.poll(names, { timeout: 10_000 }).toEqual(['재원생', '신규', '장학생', '클리닉 필수', '퇴원 예정']);
    const rows = page.getByTestId('tag-row');
    await rows.filter({ hasText: '퇴원 예정' }).dragTo(rows.filter({ hasText: '재원생' }));
    await expect.poll(names).toEqual(['퇴원 예정', '재원생', '신규', '장학생', '클리닉 필수']);
    await page.reload();
    await expect.poll(names, { timeout: 10_000 }).toEqual(['퇴원 예정', '재원생', '신규', '장학생', '클리닉 필수']);
  });
});
