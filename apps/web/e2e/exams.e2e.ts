import type { ScoreGrid } from '@academy/contracts/exams';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, login } from './harness.ts';

const e2e = browserForFile();

// ─── setup through the API (what the test needs and the demo center does not have) ────────────

async function token(loginId: string, password: string): Promise<string> {
  const res = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password }) });
  if (!res.ok) throw new Error(`login ${loginId}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function api<T>(bearer: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(e2e.url(`/api${path}`), { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The server's calendar day (the center is in Korea). */
const seoulDay = (offset = 0) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * A lecture meeting every day from three days ago, with `count` active demo students enrolled (the
 * last ones by login id), so today's session has them all as participants. Returns its id, today's
 * session and the students' login ids.
 */
async function makeLecture(name: string, count: number): Promise<{ lectureId: number; wlId: number; loginIds: string[] }> {
  const admin = await token(DEMO_ACCOUNTS.admin.loginId, DEMO_ACCOUNTS.admin.password);
  const lecture = await api<{ id: number }>(admin, 'POST', '/lectures', {
    name,
    subject: '수학',
    teacherName: '김민수',
    schedule: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '19:00', endTime: '21:00' })),
    // A session today even when today is a public holiday (generation skips them by default).
    keepHolidays: true,
    startDate: seoulDay(-3),
    endDate: seoulDay(20),
  });
  const page = await api<{ nodes: { id: number; loginId: string }[] }>(admin, 'GET', '/students?pageSize=100&status=active');
  const students = page.nodes
    .filter((s) => /^student\d+$/.test(s.loginId))
    .sort((a, b) => b.loginId.localeCompare(a.loginId))
    .slice(0, count);
  expect(students).toHaveLength(count);
  await api(admin, 'POST', `/lectures/${lecture.id}/students`, { userIds: students.map((s) => s.id) });
  const detail = await api<{ weeklyLectures: { id: number; date: string }[] }>(admin, 'GET', `/lectures/${lecture.id}`);
  const today = detail.weeklyLectures.find((w) => w.date >= seoulDay())!;
  return { lectureId: lecture.id, wlId: today.id, loginIds: students.map((s) => s.loginId) };
}

// ─── the grid, read from the page ───────────────────────────────────────────────────────────────

/** Saves finished: nothing pending in the grid. */
const settled = (page: Page) => page.locator('[data-testid="score-grid"][data-saving="0"]').waitFor();

/** Presses keys on whatever has the focus (the grid, an input, a button). */
async function keys(page: Page, ...list: string[]) {
  for (const k of list) await page.keyboard.press(k);
}

async function openExamsTab(page: Page, lectureId: number) {
  await page.goto(`/crm/lectures/${lectureId}`);
  await page.getByTestId('tab-exams').focus();
  await keys(page, 'Enter');
  await page.getByTestId('exams-tab').waitFor();
}

/** Pastes text into the focused element as Excel would (a paste event carrying text/plain). */
async function paste(page: Page, text: string) {
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

describe('exams: a refused value does not trap the cursor', () => {
  test('after 105 over a 100 max, a click elsewhere keeps the old value and a paste starts at the clicked cell', async () => {
    const stamp = Date.now().toString(36);
    const { lectureId, wlId } = await makeLecture(`e2e 만점초과반 ${stamp}`, 4);
    const ta = await token(DEMO_ACCOUNTS.ta.loginId, DEMO_ACCOUNTS.ta.password);
    const exam = await api<{ id: number }>(ta, 'POST', `/lectures/${lectureId}/weekly-lectures/${wlId}/exams/new`, { title: `만점 100 ${stamp}`, maxScore: 100, gradeMode: 'cutoffs', gradeCutoffs: [90, 60] });
    const before = await api<ScoreGrid>(ta, 'GET', `/lectures/${lectureId}/weekly-lectures/${wlId}/student-score`);
    const first = before.students[0]!;
    await api(ta, 'PATCH', `/wl-score/${exam.id}/${first.userId}/value`, { scoreValue: 70, attemptType: 'first' });

    const page = await e2e.newPage();
    await page.goto('/login');
    await login(page, 'ta');
    await openExamsTab(page, lectureId);
    const grid = page.getByTestId('score-grid');
    await page.locator('[data-testid="score-grid"][data-live="true"]').waitFor();
    const cell = (row: number) => grid.locator(`[data-testid="score-row"][data-user-id="${before.students[row]!.userId}"] [role="gridcell"][data-col="0"]`);
    await cell(0).and(page.locator('[data-value="70"]')).waitFor();
    // The grade beside a score says what it is (issue 35 item 19): "2등급", never a bare digit.
    expect(await cell(0).locator('.sg-grade').textContent()).toBe('2등급');
    expect(await cell(0).getAttribute('aria-label')).toContain('점수 70, 2등급');

    // 105 on the first student: refused, said next to the sheet, the editor still open to fix it.
    await grid.focus();
    await keys(page, 'Control+Home');
    await page.keyboard.type('105');
    await keys(page, 'Enter');
    await page.getByText('점수는 만점(100점)을 넘을 수 없습니다').first().waitFor();
    expect(await page.getByTestId('score-input').inputValue()).toBe('105');

    // A click on the third student leaves the cell with its old value and moves there.
    await cell(2).click();
    await page.getByTestId('score-input').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await cell(0).getAttribute('data-value')).toBe('70');
    expect(await cell(2).getAttribute('class')).toContain('sheet-active');

    // A paste lands from the clicked cell down: the third and fourth students.
    const batch = page.waitForResponse((r) => r.url().includes('/wl-score/batch-update-score-or-status') && r.request().method() === 'PUT');
    await paste(page, '45\r\n90\r\n');
    expect((await batch).status()).toBe(200);
    await settled(page);
    const saved = await api<ScoreGrid>(ta, 'GET', `/lectures/${lectureId}/weekly-lectures/${wlId}/student-score`);
    expect(saved.students.map((s) => s.first[0])).toEqual([70, null, 45, 90]);
  });
});

describe('exams: the weekly test by keyboard', () => {
  test('a TA makes an exam from a template, types 30 scores, pastes 30 more, sets a cutline and releases; the student and a parent see it', async () => {
    const stamp = Date.now().toString(36);
    const { lectureId, wlId, loginIds } = await makeLecture(`e2e 주간테스트반 ${stamp}`, 30);
    const studentLogin = loginIds[0]!;
    const page = await e2e.newPage();
    await page.goto('/login');
    await login(page, 'ta');

    // A template from a pasted answer key: 20 questions × 5 points.
    const templateTitle = `e2e 주간테스트 ${stamp}`;
    await page.goto('/crm/exam-templates');
    await page.getByTestId('template-add').focus();
    await keys(page, 'Enter');
    await page.getByTestId('template-title').waitFor();
    await page.keyboard.type(templateTitle);
    await page.getByTestId('answer-key-text').focus();
    await page.keyboard.type('13524 21435 52314 43251');
    await keys(page, 'Enter');
    await page.getByTestId('questions-summary').filter({ hasText: '20문항 · 만점 100점' }).waitFor();
    expect(await page.getByTestId('question-row').count()).toBe(20);
    await page.getByTestId('template-save').focus();
    await keys(page, 'Enter');
    await page.getByText(`"${templateTitle}" 템플릿을 추가했습니다`).waitFor();

    // The exam from the template, and a second one with just a max score.
    await openExamsTab(page, lectureId);
    await page.getByTestId('exam-add').focus();
    await keys(page, 'Enter');
    await page.getByTestId('exam-template').waitFor();
    await page.keyboard.type(stamp);
    await page.getByRole('option', { name: new RegExp(templateTitle) }).waitFor();
    // The first match is highlighted: Enter picks it, Tab goes on to the title, Enter sends the form.
    await keys(page, 'Enter', 'Tab', 'Enter');
    await page.getByText(`"${templateTitle}" 시험을 만들었습니다`).waitFor();
    await page.getByTestId('exam-add').focus();
    await keys(page, 'Enter');
    await page.getByTestId('exam-source-score').focus();
    await keys(page, 'Enter');
    await page.getByTestId('exam-title').focus();
    await page.keyboard.type('영단어 시험');
    await page.getByTestId('exam-max-score').focus();
    await keys(page, 'Control+A');
    await page.keyboard.type('50');
    await keys(page, 'Enter');
    await page.getByText('"영단어 시험" 시험을 만들었습니다').waitFor();
    const grid = page.getByTestId('score-grid');
    await grid.locator('[data-testid="score-col"]').nth(1).filter({ hasText: '영단어 시험' }).waitFor();
    await page.locator('[data-testid="score-grid"][data-live="true"]').waitFor();

    // 30 scores typed into the first exam: a number, Enter, down to the next student.
    const typed = Array.from({ length: 30 }, (_, i) => [95, 40, 85, 72, 55, 100, 64, 38, 90, 77][i % 10]! - Math.floor(i / 10));
    await grid.focus();
    await keys(page, 'Control+Home');
    for (const score of typed) {
      await page.keyboard.type(String(score));
      await keys(page, 'Enter');
    }
    await settled(page);

    // A paste the server would refuse is refused whole, in Korean, before anything is sent.
    await keys(page, 'Control+Home', 'ArrowRight');
    await paste(page, '30\r\n51\r\n');
    await page.getByText(/만점\(50점\)을 넘습니다/).waitFor();

    // 30 more pasted from Excel into the second exam: one call, all or nothing; Ctrl+Z puts them back.
    const pasted = Array.from({ length: 30 }, (_, i) => 50 - (i % 17));
    const batch = page.waitForResponse((r) => r.url().includes('/wl-score/batch-update-score-or-status') && r.request().method() === 'PUT');
    await paste(page, `${pasted.join('\r\n')}\r\n`);
    expect((await batch).status()).toBe(200);
    await page.getByText('30칸을 붙여넣었습니다').waitFor();
    await settled(page);
    const undo = page.waitForResponse((r) => r.url().includes('/wl-score/batch-update-score-or-status'));
    await keys(page, 'Control+Z');
    expect((await undo).status()).toBe(200);
    await page.getByText(/되돌렸습니다/).waitFor();
    await settled(page);
    expect(await grid.locator('[role="gridcell"][data-col="1"]:not([data-value=""])').count()).toBe(0);
    await keys(page, 'Control+Home', 'ArrowRight');
    await paste(page, `${pasted.join('\r\n')}\r\n`);
    await page.getByText('30칸을 붙여넣었습니다').waitFor();
    await settled(page);

    // What the server now holds: 30 + 30 scores, as typed and pasted.
    const ta = await token(DEMO_ACCOUNTS.ta.loginId, DEMO_ACCOUNTS.ta.password);
    const saved = await api<ScoreGrid>(ta, 'GET', `/lectures/${lectureId}/weekly-lectures/${wlId}/student-score`);
    expect(saved.students.map((s) => s.first[0])).toEqual(typed);
    expect(saved.students.map((s) => s.first[1])).toEqual(pasted);
    const me = saved.students.findIndex((s) => s.loginId === studentLogin);
    const myScore = typed[me]!;

    // The cutline, typed in place: the cells under it are marked at once.
    await page.getByTestId('exam-cutline-inline').first().focus();
    await page.keyboard.type('60');
    await keys(page, 'Enter');
    await page.getByText(`${templateTitle}: 커트라인 60점`).waitFor();
    const below = typed.filter((s) => s < 60).length;
    await page.getByTestId('score-average').first().filter({ hasText: `미달 ${below}` }).waitFor();
    const shown = await grid.locator('[data-testid="score-row"]').evaluateAll((rows) =>
      rows.map((r) => ({ value: r.querySelector('[data-col="0"]')!.getAttribute('data-value'), below: r.querySelector('[data-col="0"]')!.getAttribute('data-below') === 'true' })),
    );
    expect(shown.length).toBeGreaterThan(10);
    for (const c of shown) expect(c.below).toBe(Number(c.value) < 60);

    // Released to students and parents.
    await page.getByTestId('exam-release').first().focus();
    await keys(page, 'Space');
    await page.getByText(`${templateTitle}: 학생·학부모에게 공개했습니다`).waitFor();

    // A parent link for that student, chosen by keyboard in the grid (Space selects the row).
    await grid.focus();
    await keys(page, 'Control+Home');
    for (let i = 0; i < me; i++) await keys(page, 'ArrowDown');
    await keys(page, 'Space');
    await page.getByTestId('send-score-links').filter({ hasText: '(1명)' }).focus();
    await keys(page, 'Enter');
    await page.getByTestId('score-links-submit').focus();
    await keys(page, 'Enter');
    const url = await page.getByTestId('score-link-url').first().innerText();
    expect(url).toMatch(/\/link\/score\/[A-Za-z0-9_-]{20,64}$/);

    // The student, on a phone (demo students share student01's password).
    const phone = await e2e.newPage({ width: 390, height: 844 });
    await phone.goto('/login');
    await phone.getByTestId('login-id').fill(studentLogin);
    await phone.getByTestId('login-password').fill(DEMO_ACCOUNTS.student.password);
    await phone.getByTestId('login-password').press('Enter');
    await phone.waitForURL((u) => u.pathname.startsWith('/portal'));
    await phone.goto('/portal/scores');
    const card = phone.getByTestId('my-score').filter({ hasText: templateTitle });
    await card.waitFor();
    expect(await card.innerText()).toContain(`${myScore}점`);
    expect(await phone.getByTestId('my-score').filter({ hasText: '영단어 시험' }).count()).toBe(0);
    await card.click();
    await phone.getByTestId('score-detail').waitFor();
    expect(await phone.getByTestId('result-score').innerText()).toBe(`${myScore}점`);
    expect(await phone.getByTestId('result-figures').innerText()).toMatch(/\d+등 \/ 30명/);

    // The parent: no session, the link from the list.
    const parent = await e2e.newPage({ width: 390, height: 844 });
    await parent.goto(e2e.url(new URL(url).pathname));
    await parent.getByTestId('parent-score-student').waitFor();
    expect(await parent.getByTestId('result-score').innerText()).toBe(`${myScore}점`);
    expect(await parent.getByTestId('parent-score').innerText()).toContain(templateTitle);
    // The whole loop types 30 scores and signs in three times: longer than one screen's test.
  }, 180_000);

  test('two TAs: one starts typing in a cell, the other sees "… 입력 중" live, then the saved value without reloading', async () => {
    const { lectureId, wlId } = await makeLecture(`e2e 동시입력반 ${Date.now().toString(36)}`, 5);
    const ta = await token(DEMO_ACCOUNTS.ta.loginId, DEMO_ACCOUNTS.ta.password);
    await api(ta, 'POST', `/lectures/${lectureId}/weekly-lectures/${wlId}/exams/new`, { title: '동시 입력 시험', maxScore: 100 });

    const a = await e2e.newPage();
    await a.goto('/login');
    await login(a, 'ta');
    const b = await e2e.newPage();
    await b.goto('/login');
    await b.getByTestId('login-id').fill('ta02');
    await b.getByTestId('login-password').fill(DEMO_ACCOUNTS.ta.password);
    await b.getByTestId('login-password').press('Enter');
    await b.waitForURL((u) => !u.pathname.startsWith('/login'));
    await openExamsTab(a, lectureId);
    await openExamsTab(b, lectureId);
    await a.locator('[data-testid="score-grid"][data-live="true"]').waitFor();
    await b.locator('[data-testid="score-grid"][data-live="true"]').waitFor();

    const cellB = b.getByTestId('score-row').first().locator('[role="gridcell"][data-col="0"]');
    // A starts typing: the cell is locked for B, with A's name.
    await a.getByTestId('score-grid').focus();
    await keys(a, 'Control+Home');
    await a.keyboard.type('7');
    await a.getByTestId('score-input').waitFor();
    await cellB.filter({ hasText: '박조교 입력 중' }).waitFor();
    expect(await cellB.getAttribute('data-locked-by')).toBe('박조교');
    // B cannot type there meanwhile.
    await b.getByTestId('score-grid').focus();
    await keys(b, 'Control+Home');
    await b.keyboard.type('3');
    await b.getByText('박조교 님이 입력 중인 칸입니다. 잠시 후 다시 시도해 주세요').waitFor();
    expect(await b.getByTestId('score-input').count()).toBe(0);

    // A saves: B sees the value and the lock goes, with no reload.
    await a.keyboard.type('2');
    await keys(a, 'Enter');
    await cellB.and(b.locator('[data-value="72"]')).waitFor();
    await expect.poll(() => cellB.getAttribute('data-locked-by')).toBeNull();
    expect(await cellB.innerText()).toBe('72');
  });
});
