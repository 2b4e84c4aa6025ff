import { describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, pathOf } from './harness.ts';
import { makeClass, token } from './sms-kit.ts';

const e2e = browserForFile();
const CLASS = 'e2e 문자 발송반';

describe('SMS', () => {
  test('a TA sends an LMS with a template to the 30 parents of a lecture and sees 30 results in the history', async () => {
    const admin = await token(e2e, DEMO_ACCOUNTS.admin.loginId, DEMO_ACCOUNTS.admin.password);
    await makeClass(e2e, admin, { name: CLASS, count: 30 });

    const page = await e2e.signedIn('ta', { width: 1366, height: 900 });
    await page.goto('/crm/sms');
    await page.getByTestId('sms-driver-outbox').waitFor();
    await expectAccessible(page, pathOf(page));

    await page.getByRole('combobox', { name: '강좌' }).click();
    await page.getByRole('option', { name: CLASS }).click();
    await expect.poll(() => page.getByTestId('recipient-row').count()).toBe(30);
    expect(await page.getByTestId('recipients-summary').innerText()).toContain('학생 30명');
    await page.getByTestId('audience-parent').click();

    await page.getByRole('combobox', { name: '템플릿' }).click();
    await page.getByRole('option', { name: /주간 리포트 안내/ }).click();
    expect(await page.getByTestId('sms-body').inputValue()).toContain('#{링크}');
    expect(await page.getByTestId('sms-bytes').innerText()).toMatch(/LMS$/);

    // The preview: 30 texts, all LMS, the cost, and the first three as a phone shows them.
    await expect.poll(() => page.getByTestId('sms-preview-counts').innerText(), { timeout: 15_000 }).toContain('30통');
    const counts = await page.getByTestId('sms-preview-counts').innerText();
    expect(counts).toContain('LMS 30');
    expect(counts).toContain('예상 비용 870원');
    expect(await page.getByTestId('sms-sample').count()).toBe(3);
    expect(await page.getByTestId('sms-sample').first().innerText()).toMatch(/학생의 이번 주 출결[\s\S]*\/link\/week\//);
    expect(await page.getByTestId('sms-problem').count()).toBe(0);
    await expectAccessible(page, pathOf(page));

    await page.getByTestId('sms-send').click();
    await page.getByTestId('confirm-dialog').waitFor();
    expect(await page.getByTestId('confirm-dialog').innerText()).toContain('30통(SMS 0, LMS 30)');
    await page.getByTestId('confirm-ok').click();

    // The history of that send: 30 recipients, each with its own result.
    await page.waitForURL(/\/crm\/sms\/history\?batchId=\d+/);
    await page.getByTestId('sms-batch-row').first().waitFor();
    await expect.poll(() => page.getByTestId('sms-message-row').count(), { timeout: 30_000 }).toBe(30);
    await expect.poll(() => page.getByTestId('sms-batch-row').first().innerText(), { timeout: 30_000 }).toContain('발송 30');
    // Every row has its final state (the list refreshes itself while messages are on their way).
    await expect.poll(async () => (await page.getByTestId('sms-message-row').allInnerTexts()).filter((r) => /발송/.test(r)).length, { timeout: 30_000 }).toBe(30);
    const rows = await page.getByTestId('sms-message-row').allInnerTexts();
    expect(rows.every((r) => /학부모/.test(r) && /010-\d{4}-\d{4}/.test(r) && /LMS/.test(r) && /발송/.test(r))).toBe(true);
    expect(new Set(rows.map((r) => /010-\d{4}-\d{4}/.exec(r)![0])).size).toBeGreaterThanOrEqual(29);
    await expectAccessible(page, pathOf(page));

    // One message, with its attempt.
    await page.getByTestId('sms-message-row').first().click();
    await page.getByTestId('sms-message-dialog').getByText('발송 요청 접수').waitFor();
    // The week link is a key to the child's week: shown masked, to every role (issue 34 item 1).
    await page.getByTestId('sms-secret-note').waitFor();
    const shown = await page.getByTestId('sms-message-dialog').innerText();
    expect(shown).toContain('/link/week/••••••');
    expect(shown).not.toMatch(/\/link\/week\/[A-Za-z0-9_-]{32}/);
    await expectAccessible(page, pathOf(page));
  });
});
