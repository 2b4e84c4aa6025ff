import { describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, pathOf } from './harness.ts';
import { api, token } from './sms-kit.ts';

const e2e = browserForFile();
const PHONE = { width: 390, height: 844 };

describe("the parent's week", () => {
  test('a parent opens the week link on a phone and sees only their child', async () => {
    const ta = await token(e2e, DEMO_ACCOUNTS.ta.loginId, DEMO_ACCOUNTS.ta.password);
    // A child of 고2 수학 정규반 (its sessions, marks, released tests and announcements are in the demo).
    const lectures = await api<{ id: number; name: string }[]>(e2e, ta, 'GET', '/lectures');
    const math = lectures.find((l) => l.name === '고2 수학 정규반')!;
    const roster = await api<{ id: number; name: string; loginId: string; parentPhone: string | null }[]>(e2e, ta, 'GET', `/sms/recipients?lectureId=${math.id}`);
    const child = roster.find((s) => s.loginId === 'student01')!;
    const others = roster.filter((s) => s.id !== child.id).map((s) => s.name);
    const made = await api<{ url: string }>(e2e, ta, 'POST', `/students/${child.id}/week-links`, { expiresInDays: 7 });
    const path = new URL(made.url).pathname;
    expect(path).toMatch(/^\/link\/week\/[A-Za-z0-9_-]{32}$/);

    const parent = await e2e.newPage(PHONE);
    await parent.goto(path);
    await parent.getByTestId('parent-week-student').waitFor();
    expect(await parent.getByTestId('parent-week-student').innerText()).toBe(child.name);
    await expect.poll(() => parent.getByTestId('week-session').count()).toBeGreaterThan(0);
    const page = await parent.getByTestId('parent-week').innerText();
    expect(page).toContain('고2 수학 정규반');
    expect(page).toMatch(/\d+\. \d+\.\([월화수목금토일]\) ~ \d+\. \d+\.\([월화수목금토일]\)/);
    for (const name of others) expect(page).not.toContain(name);
    expect(await parent.getByTestId('week-next').isDisabled()).toBe(true);
    await expectAccessible(parent, pathOf(parent));

    // The demo's last three sessions have released weekly tests: this week and last week show them
    // with the class average.
    const thisWeek = await parent.getByTestId('week-exam').allInnerTexts();
    const range = await parent.getByTestId('week-range').innerText();
    await parent.getByTestId('week-previous').click();
    await expect.poll(() => parent.getByTestId('week-range').innerText()).not.toBe(range);
    await parent.getByTestId('week-session').first().waitFor();
    const lastWeek = await parent.getByTestId('week-exam').allInnerTexts();
    const results = [...thisWeek, ...lastWeek];
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => /주간 테스트[\s\S]*반 평균 [\d.]+점/.test(r))).toBe(true);
    expect(await parent.getByTestId('week-next').isDisabled()).toBe(false);
    await expectAccessible(parent, pathOf(parent));

    // A link that is not one says so in plain Korean.
    const stranger = await e2e.newPage(PHONE);
    await stranger.goto('/link/week/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await stranger.getByTestId('parent-week-problem').waitFor();
    expect(await stranger.getByTestId('parent-week-problem').innerText()).toContain('열 수 없는 링크예요');
    await expectAccessible(stranger, pathOf(stranger));
  });
});
