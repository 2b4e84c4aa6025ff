import { describe, expect, test } from 'vitest';
import { browserForFile, expectAccessible } from './harness.ts';

const e2e = browserForFile();

describe('push alert templates (admin, GraphQL grid)', () => {
  test('admin creates a template, sees the preview byte count, edits and deletes it', async () => {
    const page = await e2e.signedIn('admin');
    await page.getByRole('link', { name: '알림 템플릿' }).click();
    await page.waitForURL('**/crm/push-alert-templates');
    // The demo templates arrive through /api/gql.
    await page.getByRole('gridcell', { name: '결석 안내' }).waitFor();

    await page.getByRole('button', { name: '템플릿 추가' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('제목').fill('E2E 보충 안내');
    await dialog.getByRole('combobox').click();
    await page.getByRole('option', { name: '클리닉' }).click();
    await dialog.getByLabel('본문').fill('[한빛학원] ');
    await dialog.getByText('#{이름} 학생 이름').click();
    await dialog.getByLabel('본문').press('End');
    await dialog.getByLabel('본문').pressSequentially(' 학생 보충 수업');
    // "[한빛학원] 최민준 학생 보충 수업": 11 ASCII bytes… counted in EUC-KR.
    await expect.poll(() => dialog.getByTestId('preview-text').innerText()).toBe('[한빛학원] 최민준 학생 보충 수업');
    expect(await dialog.getByTestId('preview-kind').innerText()).toBe('SMS');
    expect(await dialog.getByTestId('preview-bytes').innerText()).toBe('32 / 90바이트');
    // Long enough and it becomes LMS.
    await dialog.getByLabel('본문').pressSequentially(' 안내입니다. 오늘 오후 여섯 시 반까지 삼층 자습실로 와 주세요. 교재와 오답노트를 꼭 챙겨 오세요.');
    expect(await dialog.getByTestId('preview-kind').innerText()).toBe('LMS');
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('gridcell', { name: 'E2E 보충 안내' }).waitFor();

    // Edit: open the row, change the title, save.
    await page.getByRole('gridcell', { name: 'E2E 보충 안내' }).click();
    await dialog.getByLabel('제목').fill('E2E 보충 일정 안내');
    await dialog.getByRole('button', { name: '저장' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('gridcell', { name: 'E2E 보충 일정 안내' }).waitFor();
    expect(await page.getByRole('gridcell', { name: 'E2E 보충 안내', exact: true }).count()).toBe(0);

    // Filter by category through the toggle: only 클리닉 rows remain.
    await page.getByRole('button', { name: '클리닉', exact: true }).click();
    await page.getByRole('gridcell', { name: '결석 안내' }).waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'E2E 보충 일정 안내' }).waitFor();

    // Delete from the dialog.
    await page.getByRole('gridcell', { name: 'E2E 보충 일정 안내' }).click();
    await dialog.getByRole('button', { name: '삭제' }).click();
    await page.getByRole('dialog').filter({ hasText: '되돌릴 수 없습니다' }).getByRole('button', { name: '삭제' }).click();
    await page.getByRole('gridcell', { name: 'E2E 보충 일정 안내' }).waitFor({ state: 'detached' });
  });

  test('bulk delete of selected rows', async () => {
    const page = await e2e.signedIn('admin', { at: '/crm/push-alert-templates' });
    for (const title of ['E2E 일괄 1', 'E2E 일괄 2']) {
      await page.getByRole('button', { name: '템플릿 추가' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('제목').fill(title);
      await dialog.getByLabel('본문').fill(`${title} 본문 #{이름}`);
      await dialog.getByRole('button', { name: '저장' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.getByLabel('제목 검색').fill('E2E 일괄');
    await page.getByRole('gridcell', { name: 'E2E 일괄 2', exact: true }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await page.locator('.MuiDataGrid-columnHeaderCheckbox input').check();
    await page.getByRole('button', { name: /선택 삭제 \(2\)/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
    await page.getByText('템플릿이 없습니다').waitFor();
  });

  test('while the grid fetches again, its loading bar leaves the page accessible', async () => {
    const page = await e2e.signedIn('admin', { at: '/crm/push-alert-templates' });
    await page.getByRole('gridcell', { name: '결석 안내' }).waitFor();
    // The next GraphQL answer is held until the page has been scanned with the bar showing.
    const gql = (url: URL) => url.pathname === '/api/gql';
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(gql, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: '클리닉', exact: true }).click();
    await page.locator('.MuiDataGrid-main .MuiLinearProgress-root').waitFor();
    await expectAccessible(page, '다시 불러오는 중인 알림 템플릿 그리드');
    release();
    await page.getByRole('gridcell', { name: '결석 안내' }).waitFor({ state: 'detached' });
    await page.unroute(gql);
  });

  test('a TA has no entry and no access', async () => {
    const page = await e2e.signedIn('ta');
    expect(await page.getByRole('link', { name: '알림 템플릿' }).count()).toBe(0);
    await page.goto('/crm/push-alert-templates');
    await page.waitForURL((u) => !u.pathname.startsWith('/crm/push-alert-templates'));
  });
});
