import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible } from './harness.ts';

const e2e = browserForFile();
const PHONE = { width: 390, height: 844 };

async function adminToken(): Promise<string> {
  const res = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.admin) });
  if (!res.ok) throw new Error(`login admin: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function api<T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(e2e.url(`/api${path}`), { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A student made by staff without a password: their password is the initial one (phone's last four digits + login id). */
async function newStudent(): Promise<{ id: number; loginId: string; initial: string }> {
  const loginId = `e2epw${Date.now().toString(36)}`;
  const student = await api<{ id: number }>(await adminToken(), 'POST', '/students', { loginId, name: '한새봄', phone: '010-3141-5926', school: '노원고', grade: '고1' });
  return { id: student.id, loginId, initial: `5926${loginId}` };
}

async function signIn(page: Page, loginId: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-id').fill(loginId);
  await page.getByTestId('login-password').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByTestId('login-password').press('Enter');
  expect((await answered).status()).toBe(200);
  await page.waitForURL((u) => u.pathname === '/portal');
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe('the portal on a phone (390 px)', () => {
  test('the home shows the student’s day in cards, with Korean empty states, and five navigation entries that fit', async () => {
    const page = await e2e.signedIn('student', PHONE);
    await page.waitForURL((u) => u.pathname === '/portal');
    await page.getByTestId('portal-greeting').waitFor();
    for (const card of ['home-today', 'home-dday', 'home-week', 'home-announcements', 'home-materials', 'home-scores', 'home-clinic', 'home-videos', 'home-lectures', 'home-account']) {
      await page.getByTestId(card).waitFor();
    }
    // Every card has finished loading: each shows content or a sentence saying there is none.
    await page.waitForFunction(() => document.querySelectorAll('[data-skeleton]').length === 0);
    const nav = page.getByRole('navigation', { name: '포털 메뉴' }).getByRole('link');
    expect(await nav.allInnerTexts()).toEqual(['홈', '수업', '자료', '성적', '예약']);
    expect(await nav.filter({ hasText: '홈' }).getAttribute('aria-current')).toBe('page');
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, '포털 홈 (390px)');

    // Videos left the bar: 수업 leads to them and stays the selected entry there.
    await nav.filter({ hasText: '수업' }).click();
    await page.waitForURL('**/portal/lectures');
    await page.getByTestId('to-videos').click();
    await page.waitForURL('**/portal/videos');
    expect(await page.getByRole('navigation', { name: '포털 메뉴' }).locator('[aria-current="page"]').innerText()).toBe('수업');
  });

  test('a new student gets an empty-state home, is asked to change the initial password at each sign-in until they do', async () => {
    const s = await newStudent();
    const page = await e2e.newPage(PHONE);
    await signIn(page, s.loginId, s.initial);
    const prompt = page.getByTestId('initial-password-prompt');
    await prompt.getByRole('heading', { name: '비밀번호를 바꿔 주세요' }).waitFor();
    await expectAccessible(page, '초기 비밀번호 안내');

    // 다음에: gone for this sign-in, also after a reload.
    await page.getByTestId('initial-password-later').click();
    await prompt.waitFor({ state: 'detached' });
    await page.getByTestId('home-lectures').getByText('수강 중인 강좌가 없어요').waitFor();
    await page.getByTestId('home-today').getByText('오늘은 수업이 없어요').waitFor();
    await page.getByTestId('home-scores').getByText('공개된 성적이 아직 없어요').waitFor();
    await expectAccessible(page, '빈 포털 홈 (390px)');
    await page.reload();
    await page.getByTestId('portal-greeting').waitFor();
    await page.getByTestId('home-account').getByText(s.loginId).waitFor();
    expect(await prompt.count()).toBe(0);

    // The next sign-in asks again; this time the student changes it.
    await signOut(page);
    await signIn(page, s.loginId, s.initial);
    await page.getByTestId('initial-password-change').click();
    await page.waitForURL('**/portal/password');
    await expectAccessible(page, '비밀번호 변경 (390px)');
    const form = page.getByTestId('own-password-form');
    await form.getByLabel('현재 비밀번호').fill('wrong-pass-1!');
    await form.getByLabel('새 비밀번호', { exact: true }).fill('spring-2026!');
    await form.getByLabel('새 비밀번호 확인').fill('spring-2026!');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/sp/change-password'));
    await page.getByTestId('own-password-submit').click();
    expect((await refused).status()).toBe(400);
    await form.getByText('현재 비밀번호가 올바르지 않습니다').waitFor();

    await form.getByLabel('현재 비밀번호').fill(s.initial);
    const changed = page.waitForResponse((r) => r.url().endsWith('/api/sp/change-password'));
    await page.getByTestId('own-password-submit').click();
    expect((await changed).status()).toBe(200);
    await page.waitForURL((u) => u.pathname === '/portal');

    // Signed in with the new password, nobody asks any more.
    await signOut(page);
    await signIn(page, s.loginId, 'spring-2026!');
    // The body is read as soon as the reply arrives: the portal may move on before a later read.
    const me = page.waitForResponse((r) => r.url().endsWith('/api/auth/me')).then((r) => r.json() as Promise<{ passwordIsInitial: boolean }>);
    await page.reload();
    expect((await me).passwordIsInitial).toBe(false);
    await page.getByTestId('portal-greeting').waitFor();
    expect(await prompt.count()).toBe(0);
  });

  test('student01 sets a photo in the portal; staff see it in the students grid and on the attendance sheet', async () => {
    const page = await e2e.signedIn('student', PHONE);
    await page.waitForURL((u) => u.pathname === '/portal');
    const picker = page.getByTestId('profile-photo');
    await picker.waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/sp/profile-image'));
    await page.getByTestId('profile-photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from(RED_PNG, 'base64') });
    expect((await saved).status()).toBe(200);
    await picker.getByTestId('student-photo').waitFor();
    await expectAccessible(page, '포털 홈 (사진)');

    const staff = await e2e.signedIn('admin');
    await staff.waitForURL('**/crm/lectures');
    await staff.goto('/crm/students');
    await staff.getByTestId('student-search').fill('student01');
    await staff.getByRole('img', { name: '최민준 사진' }).waitFor();
    await staff.goto('/crm/lectures');
    await staff.getByTestId('lecture-card').filter({ hasText: '고2 수학 정규반' }).getByTestId('lecture-card-name').click();
    await staff.getByTestId('attendance-grid').getByRole('img', { name: '최민준 사진' }).waitFor();
  });
});

/** A 4 × 4 red PNG. */
const RED_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEElEQVR4nGP4z8AARwzEcQCukw/x0F8jngAAAABJRU5ErkJggg==';
