import { describe, expect, test } from 'vitest';
import { browserForFile } from './harness.ts';

const e2e = browserForFile();

describe('student forms and confirmations (CRM)', () => {
  test('the registration dialog shows the server refusals on their fields; a saved student is in the grid', async () => {
    const page = await e2e.signedIn('ta', { at: '/crm/students' });
    await page.getByRole('heading', { name: '학생 관리' }).waitFor();
    await page.getByRole('button', { name: '학생 등록' }).click();
    const dialog = page.getByTestId('student-create-dialog');
    await dialog.getByLabel('이름').fill('스모크');
    await dialog.getByLabel('아이디').fill('student02');
    await dialog.getByLabel('학생 전화번호').fill('010-7777-1212');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('이미 사용 중인 아이디입니다: student02').waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    await dialog.getByLabel('학생 전화번호').fill('');
    await dialog.getByLabel('아이디').fill('smoke01');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('비밀번호를 비우려면 학생 전화번호가 필요합니다', { exact: false }).waitFor();
    await dialog.getByLabel('학생 전화번호').fill('010-7777-1212');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: '고2' }).click();
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('toast').filter({ hasText: '스모크 학생을 등록했습니다' }).waitFor();
    await page.getByTestId('student-search').fill('smoke01');
    await expect.poll(() => page.locator('.MuiDataGrid-row [data-field="grade"]').allInnerTexts(), { timeout: 10_000 }).toEqual(['고2']);
  });

  test('an admin deletes through the confirmation dialog; the student page saves the profile and shows a refusal in place', async () => {
    const page = await e2e.signedIn('admin', { at: '/crm/students' });
    await page.getByTestId('student-search').fill('smoke01');
    const row = page.locator('.MuiDataGrid-row');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.first().getByRole('checkbox').check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: '삭제' }).click();
    const confirm = page.getByTestId('confirm-dialog');
    await confirm.getByText('1명을 삭제합니다', { exact: false }).waitFor();
    await confirm.getByTestId('confirm-ok').click();
    await page.getByTestId('toast').filter({ hasText: '학생 삭제: 완료했습니다' }).waitFor();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);

    await page.getByTestId('student-search').fill('student30');
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await page.locator('.MuiDataGrid-row [data-field="name"] a').click();
    const profile = page.getByTestId('student-profile');
    await profile.waitFor();
    await profile.getByLabel('학교').fill('스모크고');
    await profile.getByRole('button', { name: '저장' }).click();
    await page.getByTestId('toast').filter({ hasText: '학생 정보를 저장했습니다' }).waitFor();
    await profile.getByLabel('학생 전화번호').fill('010-12');
    await profile.getByRole('button', { name: '저장' }).click();
    await profile.getByText('전화번호: 전화번호 형식', { exact: false }).or(profile.getByText('전화번호 형식이', { exact: false })).first().waitFor();
    await page.reload();
    await expect.poll(async () => page.getByTestId('student-profile').getByLabel('학교').inputValue(), { timeout: 10_000 }).toBe('스모크고');
  });

  test('a duplicate tag name is refused with a toast', async () => {
    const page = await e2e.signedIn('ta', { at: '/crm/tags' });
    await page.getByTestId('new-tag-name').fill('신규');
    await page.getByTestId('new-tag-name').press('Enter');
    await page.getByTestId('toast').filter({ hasText: '이미 있는 태그 이름입니다' }).waitFor();
  });
});
