import { describe, expect, test } from 'vitest';
import { browserForFile, expectAccessible } from './harness.ts';

const e2e = browserForFile();

describe('CRM 설정', () => {
  test('an admin adds, reorders, edits and deletes an attendance type, reads the error log, and reaches the other settings', async () => {
    const reported = await fetch(e2e.url('/api/error-log/error'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'TypeError: 설정 테스트 오류', stack: 'at settings.e2e', url: '/crm/students', timestamp: Date.now(), userAgent: 'e2e' }),
    });
    expect(reported.ok).toBe(true);

    const page = await e2e.signedIn('admin');
    await page.getByRole('link', { name: '설정', exact: true }).click();
    await page.waitForURL('**/crm/settings');
    const types = page.getByTestId('settings-attendance-types');
    await types.getByTestId('att-type-row').nth(5).waitFor();
    await page.getByTestId('error-log-table').getByText('TypeError: 설정 테스트 오류').waitFor();
    await expectAccessible(page, '설정');

    await page.getByTestId('att-type-new-name').fill('병결');
    await types.getByRole('button', { name: '추가' }).click();
    await page.getByText("'병결' 유형을 추가했습니다").waitFor();
    const rows = types.getByTestId('att-type-row');
    await rows.nth(6).getByRole('textbox', { name: '병결 이름' }).waitFor();

    const reordered = page.waitForResponse((r) => r.url().endsWith('/api/attendance-types/order') && r.ok());
    await types.getByRole('button', { name: '병결 위로' }).click();
    await reordered;
    await rows.nth(5).getByRole('textbox', { name: '병결 이름' }).waitFor();

    await rows.nth(5).getByLabel('병결 출석 인정').check();
    await rows.nth(5).getByRole('button', { name: '저장' }).click();
    await page.getByText("'병결' 유형을 저장했습니다").waitFor();

    await types.getByRole('button', { name: '병결 삭제' }).click();
    await page.getByTestId('confirm-ok').click();
    await page.getByText("'병결' 유형을 삭제했습니다").waitFor();
    await rows.nth(6).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(6);

    await page.getByTestId('settings-links').getByRole('link', { name: /문자 설정/ }).click();
    await page.waitForURL('**/crm/sms/settings');
  });

  test('a TA sees the attendance types without editing, and no error log', async () => {
    const page = await e2e.signedIn('ta', { at: '/crm/settings' });
    await page.getByTestId('settings-attendance-types').getByTestId('att-type-row').nth(5).waitFor();
    expect(await page.getByTestId('att-type-new-name').count()).toBe(0);
    expect(await page.getByTestId('settings-error-logs').count()).toBe(0);
    await expectAccessible(page, '설정 (조교)');
  });
});
