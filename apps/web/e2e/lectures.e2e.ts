import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, fillPicker } from './harness.ts';

const e2e = browserForFile();

async function openLecture(page: Page, name: string): Promise<void> {
  await page.goto('/crm/lectures');
  await page.getByTestId('lecture-card').filter({ hasText: name }).getByTestId('lecture-card-name').click();
  await page.getByTestId('lecture-title').filter({ hasText: name }).waitFor();
  await page.getByTestId('attendance-grid').waitFor();
}

async function adminApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const login = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.admin) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(e2e.url(`/api${path}`), { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const seoulDay = (offset = 0) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

describe('lectures (CRM)', () => {
  test('disabling a lecture asks first with the students and sessions it stops, and the toast undoes it', async () => {
    const lecture = await adminApi<{ id: number }>('POST', '/lectures', {
      name: '비활성화 연습반', subject: '수학', teacherName: '정재훈', startDate: seoulDay(-14), endDate: seoulDay(27),
      schedule: [{ dayOfWeek: 2, startTime: '17:00', endTime: '18:00' }, { dayOfWeek: 4, startTime: '17:00', endTime: '18:00' }],
    });
    const students = await adminApi<{ nodes: { id: number }[] }>('GET', '/students?pageSize=3&search=student4');
    await adminApi('POST', `/lectures/${lecture.id}/students`, { userIds: students.nodes.map((s) => s.id) });
    const detail = await adminApi<{ weeklyLectures: { date: string }[] }>('GET', `/lectures/${lecture.id}`);
    const upcoming = detail.weeklyLectures.filter((w) => w.date >= seoulDay()).length;

    const page = await e2e.signedIn('admin');
    const card = page.getByTestId('lecture-card').filter({ hasText: '비활성화 연습반' });
    await card.getByTestId('lecture-toggle').click();
    const dialog = page.getByRole('dialog', { name: '강좌 비활성화' });
    await dialog.getByText(`수강생 ${students.nodes.length}명, 남은 회차 ${upcoming}개`).waitFor();
    await expectAccessible(page, '강좌 비활성화 확인');
    await dialog.getByRole('button', { name: '취소' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.isVisible()).toBe(true);

    await card.getByTestId('lecture-toggle').click();
    await dialog.getByRole('button', { name: '비활성화' }).click();
    const toastBox = page.getByTestId('toast').filter({ hasText: '비활성화 연습반 강좌를 비활성화했습니다' });
    await toastBox.waitFor();
    await card.waitFor({ state: 'detached' });
    await toastBox.getByRole('button', { name: '되돌리기' }).click();
    await page.getByTestId('toast').filter({ hasText: '비활성화 연습반 강좌를 다시 활성화했습니다' }).waitFor();
    await card.waitFor();
    expect((await adminApi<{ disabled: boolean }>('GET', `/lectures/${lecture.id}`)).disabled).toBe(false);
  });

  test('the attendance sheet opens with the first unmarked cell of today\'s session focused: keys work without a click', async () => {
    const lecture = await adminApi<{ id: number }>('POST', '/lectures', {
      name: '키보드 출결반', subject: '영어', teacherName: '김도현', startDate: seoulDay(-7), endDate: seoulDay(7),
      schedule: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '06:00', endTime: '07:00' })),
      // A session today even when today is a public holiday (generation skips them by default).
      keepHolidays: true,
    });
    const students = await adminApi<{ nodes: { id: number }[] }>('GET', '/students?pageSize=3&search=student3');
    await adminApi('POST', `/lectures/${lecture.id}/students`, { userIds: students.nodes.map((s) => s.id) });
    const grid = await adminApi<{ weeklyLectures: { id: number; date: string }[]; students: { userId: number }[]; attendanceTypes: { id: number; seq: number }[] }>('GET', `/lectures/${lecture.id}/attendance-grid`);
    const todayCol = grid.weeklyLectures.findIndex((w) => w.date === seoulDay());
    const todayId = grid.weeklyLectures[todayCol]!.id;
    const first = [...grid.attendanceTypes].sort((a, b) => a.seq - b.seq)[0]!;
    // The first row is already marked today, so the sheet must land on the second.
    const [marked, next] = grid.students;
    await adminApi('PUT', `/lectures/${lecture.id}/weekly-lectures/${todayId}/attendance`, { userId: marked!.userId, attTypeId: first.id });

    const page = await e2e.signedIn('admin', { at: `/crm/lectures/${lecture.id}` });
    const sheet = page.getByTestId('attendance-grid');
    await sheet.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'attendance-grid');
    const cell = (userId: number) => sheet.locator(`[data-user-id="${userId}"] [role="gridcell"][data-col="${todayCol}"]`);
    // It says where it starts and that each key steps down, next to the sheet.
    expect(await page.getByText('다음 미입력 학생부터 · 입력하면 아래로').isVisible()).toBe(true);
    expect(await cell(next!.userId).getAttribute('class')).toContain('sheet-active');
    await expectAccessible(page, '출결표 (오늘 회차)');
    await page.keyboard.press('1');
    await sheet.locator(`[data-user-id="${next!.userId}"] [role="gridcell"][data-col="${todayCol}"][data-value="${first.id}"]`).waitFor();
    expect(await cell(marked!.userId).getAttribute('data-value')).toBe(String(first.id));
  });

  test('focus the user put elsewhere while the sheet loaded stays there: Enter on a tab opens it', async () => {
    const lecture = await adminApi<{ id: number }>('POST', '/lectures', {
      name: '탭 먼저 누르는 반', subject: '수학', teacherName: '김도현', startDate: seoulDay(-7), endDate: seoulDay(7),
      schedule: [{ dayOfWeek: 1, startTime: '06:00', endTime: '07:00' }],
    });
    const page = await e2e.signedIn('ta');
    // The sheet's data is held back until the TA has moved to the 시험·성적 tab by keyboard.
    let release!: () => void;
    const focused = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/lectures/${lecture.id}/attendance-grid`, async (route) => {
      await focused;
      await route.continue();
    });
    const served = page.waitForResponse((r) => r.url().endsWith(`/api/lectures/${lecture.id}/attendance-grid`));
    await page.goto(`/crm/lectures/${lecture.id}`);
    await page.getByTestId('tab-exams').focus();
    release();
    await served;
    await page.getByTestId('attendance-grid').waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('tab-exams');
    await page.keyboard.press('Enter');
    await page.getByTestId('exams-tab').waitFor();
  });

  test('the admin landing page lists lecture cards with teacher, timetable and students', async () => {
    const page = await e2e.signedIn('admin');
    await page.waitForURL('**/crm/lectures');
    const card = page.getByTestId('lecture-card').filter({ hasText: '고2 수학 정규반' });
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain('정재훈 선생님');
    expect(text).toContain('월·수·금 19:00–22:00');
    expect(text).toContain('수강생 16명');
    expect(await page.getByTestId('lecture-card').count()).toBeGreaterThanOrEqual(7);
  });

  test('marks a whole week of attendance with the keyboard', async () => {
    const page = await e2e.signedIn('admin');
    await openLecture(page, '고2 수학 정규반');
    const grid = page.getByTestId('attendance-grid');
    // The sheet opens on the coming session, still unmarked.
    const header = await page.getByTestId('att-counts').innerText();
    expect(header).toContain('미입력 16');
    const rows = grid.locator('[data-testid="att-row"]');
    const firstRow = rows.first();
    const activeCol = await firstRow.locator('[role="gridcell"][data-value="0"]').first().getAttribute('data-col');
    await firstRow.locator(`[role="gridcell"][data-col="${activeCol}"]`).click();
    for (let i = 0; i < 15; i++) await page.keyboard.press('1');
    await page.keyboard.press('l');
    await page.getByTestId('count-출석').filter({ hasText: '출석 15' }).waitFor();
    await page.getByTestId('count-지각').filter({ hasText: '지각 1' }).waitFor();
    expect(await page.getByTestId('count-unmarked').innerText()).toBe('미입력 0');
    // It was saved: a fresh load shows the same marks.
    await page.reload();
    await page.getByTestId('attendance-grid').waitFor();
    await page.getByTestId('count-출석').filter({ hasText: '출석 15' }).waitFor();
  });

  test('a whole column is set at once from its header, and a locked cell refuses changes until unlocked', async () => {
    const page = await e2e.signedIn('admin');
    await openLecture(page, '고2 영어 독해 정규반');
    const grid = page.getByTestId('attendance-grid');
    const firstRow = grid.locator('[data-testid="att-row"]').first();
    const col = await firstRow.locator('[role="gridcell"][data-value="0"]').first().getAttribute('data-col');
    await grid.locator(`[data-testid="att-col"][data-col="${col}"]`).click();
    await page.keyboard.press('1');
    await page.getByTestId('count-출석').filter({ hasText: '출석 11' }).waitFor();

    const cell = firstRow.locator(`[role="gridcell"][data-col="${col}"]`);
    await cell.click();
    await page.keyboard.press('k');
    await grid.locator(`[data-testid="att-row"] [role="gridcell"][data-col="${col}"][data-locked="true"]`).first().waitFor();
    await page.getByText('1명의 출결을 잠갔습니다').waitFor();
    await cell.click();
    await page.keyboard.press('4');
    // The locked cell says why it took no mark, next to the sheet, and the cursor stays on it.
    const why = page.getByTestId('sheet-message');
    await why.filter({ hasText: /출결이 잠겨 있어 변경할 수 없습니다: .+\. K를 누르면 잠금이 풀립니다/ }).waitFor();
    expect(await why.isVisible()).toBe(true);
    expect(await cell.getAttribute('class')).toContain('sheet-active');
    const attendTypeId = await cell.getAttribute('data-value');
    await page.reload();
    await page.getByTestId('attendance-grid').waitFor();
    const again = page.getByTestId('attendance-grid').locator('[data-testid="att-row"]').first().locator(`[role="gridcell"][data-col="${col}"]`);
    expect(await again.getAttribute('data-locked')).toBe('true');
    expect(await again.getAttribute('data-value')).toBe(attendTypeId);
    await again.click();
    await page.keyboard.press('k');
    await page.getByText('1명의 출결 잠금을 풀었습니다').waitFor();
    await again.click();
    await page.keyboard.press('4');
    await page.getByTestId('count-결석').filter({ hasText: '결석 1' }).waitFor();
  });

  test('enrolling warns about the students\' other lectures at the same time, and still enrols them', async () => {
    const run = Date.now().toString(36).slice(-5);
    const week = [1, 2, 3, 4, 5, 6, 7];
    const taken = await adminApi<{ id: number }>('POST', '/lectures', {
      name: `겹침 기존반 ${run}`, subject: '영어', teacherName: '김도현', startDate: seoulDay(-7), endDate: seoulDay(30),
      schedule: week.map((dayOfWeek) => ({ dayOfWeek, startTime: '19:00', endTime: '21:00' })),
    });
    const target = await adminApi<{ id: number }>('POST', '/lectures', {
      name: `겹침 새반 ${run}`, subject: '수학', teacherName: '정재훈', startDate: seoulDay(-7), endDate: seoulDay(30),
      schedule: [{ dayOfWeek: 3, startTime: '20:00', endTime: '22:00' }],
    });
    const students = [];
    for (const [i, name] of ['서하린', '문지호'].entries()) students.push(await adminApi<{ id: number; name: string }>('POST', '/students', { loginId: `clash${run}${i}`, name, password: 'clash-e2e-1234!' }));
    await adminApi('POST', `/lectures/${taken.id}/students`, { userIds: students.map((s) => s.id) });

    const page = await e2e.signedIn('admin', { at: `/crm/lectures/${target.id}` });
    await page.getByTestId('open-roster').click();
    // Both students at once (the bulk case): each is picked from the search.
    for (const i of [0, 1]) {
      await page.getByTestId('student-picker').fill(`clash${run}${i}`);
      await page.getByRole('option').filter({ hasText: `clash${run}${i}` }).click();
    }
    await page.getByTestId('roster-add').click();
    const warning = page.getByTestId('roster-clashes');
    await warning.waitFor();
    const text = await warning.innerText();
    expect(text).toContain('시간이 겹치는 수업');
    for (const s of students) expect(text).toContain(`${s.name} · 겹침 기존반 ${run} · 수 오후 7:00–오후 9:00`);
    // Nothing is enrolled before the choice.
    expect((await adminApi<{ students: unknown[] }>('GET', `/lectures/${target.id}`)).students).toHaveLength(0);
    await expectAccessible(page, '시간 겹침 경고');

    await page.getByTestId('roster-add-anyway').click();
    await page.getByText('2명을 등록했습니다').waitFor();
    await warning.waitFor({ state: 'detached' });
    const roster = (await adminApi<{ students: { userId: number }[] }>('GET', `/lectures/${target.id}`)).students.map((s) => s.userId);
    expect(roster.sort()).toEqual(students.map((s) => s.id).sort());
  });

  test('transfers a student to another lecture; the old sheet keeps the past', async () => {
    const page = await e2e.signedIn('admin');
    await openLecture(page, '고2 화학Ⅰ 개념완성');
    const before = await page.getByTestId('attendance-grid').locator('[data-testid="att-row"]').count();
    await page.getByTestId('open-transfer').click();
    await page.getByTestId('transfer-student').click();
    const option = page.getByRole('option').filter({ hasText: 'student15' });
    const studentName = (await option.innerText()).split(' (')[0]!;
    await option.click();
    await page.getByTestId('transfer-target').click();
    await page.getByRole('option', { name: '고1 수학 심화반' }).click();
    await page.getByTestId('transfer-submit').click();
    await page.getByText(`${studentName} 학생을 고1 수학 심화반(으)로 옮겼습니다`).waitFor();
    const row = page.getByTestId('attendance-grid').locator('[data-testid="att-row"]').filter({ hasText: studentName });
    await row.filter({ hasText: '이동/종료' }).waitFor();
    expect(await page.getByTestId('attendance-grid').locator('[data-testid="att-row"]').count()).toBe(before);
    expect(await row.locator('[role="gridcell"][data-value]:not([data-value=""]):not([data-value="0"])').count()).toBeGreaterThan(0);
  });
});

describe('lectures (portal)', () => {
  test('a student sees only their own lectures and D-days', async () => {
    const page = await e2e.signedIn('student', { width: 420, height: 900, at: '/portal/lectures' });
    await page.getByTestId('my-lecture').first().waitFor();
    const lectures = await page.getByTestId('my-lecture').allInnerTexts();
    // Other browser tests on this server enrol student01 in lectures of their own, named 'e2e …'.
    const demoLectures = lectures.map((t) => t.split('\n')[0]!).filter((name) => !name.startsWith('e2e '));
    expect(demoLectures.sort()).toEqual(['고2 수학 정규반', '고2 영어 독해 정규반', '고2 화학Ⅰ 개념완성'].sort());
    const ddays = await page.getByTestId('my-dday').allInnerTexts();
    expect(ddays.some((d) => d.includes('2027 수능') && /D-\d+/.test(d))).toBe(true);
    expect(ddays.every((d) => !d.includes('대청중') && !d.includes('역삼중'))).toBe(true);
    const body = await page.locator('body').innerText();
    expect(body).not.toContain('중3 영어 내신반');
    expect(body).toContain('내 출결');
  });
});

describe('lecture setup', () => {
  test('an admin creates a lecture from its weekly timetable; overlapping times are refused first', async () => {
    const page = await e2e.signedIn('admin');
    await page.getByTestId('lecture-add').click();
    await page.getByTestId('lecture-name').fill('고1 국어 내신대비반');
    await page.getByTestId('lecture-subject').fill('국어');
    await page.getByTestId('lecture-teacher').fill('윤서연');
    // The date fields are MUI X pickers: typed section by section from the first one.
    await page.getByRole('group', { name: '개강일' }).locator('[role=spinbutton]').first().click();
    await page.keyboard.type('20261123');
    await page.getByRole('group', { name: '종강일' }).locator('[role=spinbutton]').first().click();
    await page.keyboard.type('20261218');
    await page.getByRole('button', { name: '요일 추가' }).click();
    // The added row copies the first one's times on 화요일; moving it to 월요일 makes the two overlap.
    const second = page.getByTestId('schedule-row').nth(1);
    await second.getByRole('combobox').click();
    await page.getByRole('option', { name: '월요일' }).click();
    await page.getByTestId('lecture-save').click();
    await page.getByText(/월요일 19:00–22:00과 19:00–22:00 시간이 겹칩니다/).waitFor();
    await second.getByRole('combobox').click();
    await page.getByRole('option', { name: '목요일' }).click();
    await page.getByTestId('lecture-save').click();
    await page.getByText('강좌를 만들었습니다').waitFor();
    const card = page.getByTestId('lecture-card').filter({ hasText: '고1 국어 내신대비반' });
    await card.waitFor();
    expect(await card.innerText()).toContain('월·목 19:00–22:00');
    await card.getByTestId('lecture-card-name').click();
    await page.getByTestId('attendance-grid').waitFor();
    // 4 weeks × Monday and Thursday.
    expect(await page.getByTestId('att-col').count()).toBe(8);
  });

  test('D-days are added and reordered by dragging', async () => {
    const page = await e2e.signedIn('admin');
    const card = page.getByTestId('lecture-card').filter({ hasText: '중2 수학 정규반' });
    await card.getByTestId('lecture-ddays').click();
    await page.getByTestId('dday-title').fill('겨울방학 특강 개강');
    await fillPicker(page.getByTestId('dday-date'), '2026-12-28');
    await page.getByTestId('dday-save').click();
    const items = page.getByTestId('dday-item');
    await items.filter({ hasText: '겨울방학 특강 개강' }).waitFor();
    expect(await items.count()).toBe(2);
    await items.nth(1).dragTo(items.nth(0));
    await page.getByText('순서를 저장했습니다').waitFor();
    expect(await items.nth(0).innerText()).toContain('겨울방학 특강 개강');
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByTestId('lecture-card').filter({ hasText: '중2 수학 정규반' }).getByTestId('lecture-ddays').click();
    expect(await page.getByTestId('dday-item').nth(0).innerText()).toContain('겨울방학 특강 개강');
  });

  test('a TA reaches the lecture cards without admin buttons', async () => {
    const page = await e2e.signedIn('ta', { at: '/crm/lectures' });
    await page.getByTestId('lecture-card').first().waitFor();
    expect(await page.getByTestId('lecture-add').count()).toBe(0);
    expect(await page.getByTestId('lecture-edit').count()).toBe(0);
    await page.getByTestId('lecture-card').filter({ hasText: '고2 수학 정규반' }).getByTestId('lecture-card-name').click();
    await page.getByTestId('attendance-grid').waitFor();
    expect(await page.getByTestId('open-roster').count()).toBe(1);
    expect(await page.getByTestId('open-transfer').count()).toBe(0);
  });
});
