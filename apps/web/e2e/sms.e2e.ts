import { describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, pathOf } from './harness.ts';
import { api, makeClass, token } from './sms-kit.ts';

const e2e = browserForFile();
const CLASS = 'e2e 문자 발송반';
const SCORE_CLASS = 'e2e 성적 문자반';

describe('SMS', () => {
  test('a TA sends an LMS with a template to the 30 parents of a lecture and sees 30 results in the history', async () => {
    const admin = await token(e2e, DEMO_ACCOUNTS.admin.loginId, DEMO_ACCOUNTS.admin.password);
    await makeClass(e2e, admin, { name: CLASS, count: 30 });

    const page = await e2e.signedIn('ta', { width: 1366, height: 900, at: '/crm/sms' });
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

  test('the built-in 성적 template with #{점수} goes to the parents of a class, exactly as the confirm dialog counted it', async () => {
    const admin = await token(e2e, DEMO_ACCOUNTS.admin.loginId, DEMO_ACCOUNTS.admin.password);
    const ta = await token(e2e, DEMO_ACCOUNTS.ta.loginId, DEMO_ACCOUNTS.ta.password);
    const lecture = await makeClass(e2e, admin, { name: SCORE_CLASS, count: 5 });
    const detail = await api<{ weeklyLectures: { id: number; title: string; date: string }[] }>(e2e, admin, 'GET', `/lectures/${lecture.id}`);
    // The students joined today: they take part in the sessions from today on.
    const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
    const session = detail.weeklyLectures.find((w) => w.date >= today)!;
    const exam = await api<{ id: number }>(e2e, ta, 'POST', `/lectures/${lecture.id}/weekly-lectures/${session.id}/exams/new`, { title: '성적 문자 시험', maxScore: 100 });
    await api(e2e, ta, 'PATCH', `/wl-score/${exam.id}/${lecture.students[0]!.id}/value`, { scoreValue: 87 });
    const { prices } = await api<{ prices: { sms: number; lms: number } }>(e2e, ta, 'GET', '/sms/settings');

    const page = await e2e.signedIn('ta', { width: 1366, height: 900, at: '/crm/sms' });
    await page.getByTestId('sms-driver-outbox').waitFor();
    await page.getByRole('combobox', { name: '강좌' }).click();
    await page.getByRole('option', { name: SCORE_CLASS }).click();
    await expect.poll(() => page.getByTestId('recipient-row').count()).toBe(5);
    await page.getByRole('combobox', { name: '템플릿' }).click();
    await page.getByRole('option', { name: '[성적] 주간 테스트 성적' }).click();

    // Without an exam the preview says what is missing, and 보내기 waits.
    await page.getByTestId('sms-problem').filter({ hasText: '시험을 골라 주세요' }).waitFor();
    expect(await page.getByTestId('sms-send').isDisabled()).toBe(true);

    // Switching the audience asks for a new preview: students and parents both, then parents again.
    const parentsOnly = await page.getByTestId('sms-preview-counts').innerText();
    await page.getByTestId('audience-both').click();
    await expect.poll(() => page.getByTestId('sms-preview-counts').innerText()).not.toBe(parentsOnly);
    await page.getByTestId('audience-parent').click();
    await expect.poll(() => page.getByTestId('sms-preview-counts').innerText()).toBe(parentsOnly);

    await page.getByRole('combobox', { name: '#{점수} 회차' }).click();
    await page.getByRole('option', { name: new RegExp(`^${session.title} `) }).click();
    await page.getByRole('combobox', { name: '시험' }).click();
    await page.getByRole('option', { name: '성적 문자 시험' }).click();
    await expect.poll(() => page.getByTestId('sms-problem').count()).toBe(0);
    await expect.poll(() => page.getByTestId('sms-send').isEnabled()).toBe(true);
    expect(await page.getByTestId('sms-sample').allInnerTexts()).toContainEqual(expect.stringContaining('테스트 점수는 87점입니다'));
    await expectAccessible(page, pathOf(page));

    await page.getByTestId('sms-send').click();
    await page.getByTestId('confirm-dialog').waitFor();
    const said = /(\d+)통\(SMS (\d+), LMS (\d+)\)을 지금 보냅니다\. 예상 비용은 ([\d,.]+)원입니다/.exec(await page.getByTestId('confirm-dialog').innerText());
    expect(said).not.toBeNull();
    const [total, sms, lms] = [Number(said![1]), Number(said![2]), Number(said![3])];
    expect(total).toBe(sms + lms);
    expect(Number(said![4]!.replaceAll(',', ''))).toBe(Math.round((sms * prices.sms + lms * prices.lms) * 10) / 10);
    await page.getByTestId('confirm-ok').click();

    // The outbox holds exactly what the dialog said: that many texts, each to a parent, each with its score.
    await page.waitForURL(/\/crm\/sms\/history\?batchId=\d+/);
    const batchId = Number(new URL(page.url()).searchParams.get('batchId'));
    const sent = await api<{ items: { audience: string; kind: string; body: string }[]; totalCount: number }>(e2e, ta, 'GET', `/sms/messages?batchId=${batchId}&size=200`);
    expect(sent.totalCount).toBe(total);
    expect(sent.items.every((m) => m.audience === 'parent')).toBe(true);
    expect(sent.items.filter((m) => m.kind === 'SMS')).toHaveLength(sms);
    expect(sent.items.some((m) => m.body.includes('테스트 점수는 87점입니다'))).toBe(true);
    expect(sent.items.every((m) => !m.body.includes('#{'))).toBe(true);
  });
});
