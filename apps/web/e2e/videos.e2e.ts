import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { makeClip } from './videos-kit.ts';
import { axe, browserForFile, DEMO_ACCOUNTS } from './harness.ts';

const e2e = browserForFile();

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

const seoulDay = (offset = 0) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/** A demo student no other browser test signs in as or changes (demo students share student01's password). */
const STUDENT = 'student03';

/** A lecture meeting every day from two days ago with STUDENT enrolled; returns it and today's session. */
async function makeLecture(name: string): Promise<{ lectureId: number; wlId: number; studentId: number }> {
  const admin = await token(DEMO_ACCOUNTS.admin.loginId, DEMO_ACCOUNTS.admin.password);
  const lecture = await api<{ id: number }>(admin, 'POST', '/lectures', {
    name, subject: '수학', teacherName: '김민수',
    schedule: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '19:00', endTime: '21:00' })),
    // A session today even when today is a public holiday (generation skips them by default).
    keepHolidays: true,
    startDate: seoulDay(-2), endDate: seoulDay(10),
  });
  const page = await api<{ nodes: { id: number; loginId: string }[] }>(admin, 'GET', '/students?pageSize=100&status=active');
  const student = page.nodes.find((s) => s.loginId === STUDENT)!;
  await api(admin, 'POST', `/lectures/${lecture.id}/students`, { userIds: [student.id] });
  const detail = await api<{ weeklyLectures: { id: number; date: string }[] }>(admin, 'GET', `/lectures/${lecture.id}`);
  return { lectureId: lecture.id, wlId: detail.weeklyLectures.find((w) => w.date === seoulDay())!.id, studentId: student.id };
}

const videoTime = (page: Page) => page.evaluate(() => document.querySelector<HTMLVideoElement>('[data-testid="video-media"]')?.currentTime ?? -1);

test('a TA uploads a recording and links a YouTube video; a student on a phone watches, leaves, comes back where they left off; the CRM shows it', async () => {
  const { lectureId, studentId } = await makeLecture(`e2e 영상반 ${Date.now().toString(36)}`);
  const clip = await makeClip({ seconds: 20, width: 640, height: 360 });

  // The TA: the lecture's 영상 tab, today's session.
  const ta = await e2e.signedIn('ta', { width: 1366, height: 900, at: `/crm/lectures/${lectureId}` });
  await ta.getByTestId('tab-videos').click();
  await ta.getByTestId('videos-empty').waitFor();
  expect(await axe(ta)).toEqual([]);
  await ta.getByTestId('video-file-input').setInputFiles({ name: '3주차 수업 녹화.mp4', mimeType: 'video/mp4', buffer: clip });
  // The title is asked first: the file name without its extension, editable, required.
  const titleInput = ta.getByTestId('upload-title-input');
  expect(await titleInput.inputValue()).toBe('3주차 수업 녹화');
  expect(await axe(ta)).toEqual([]);
  await titleInput.fill('');
  await ta.getByTestId('form-submit').click();
  await ta.getByTestId('upload-title-dialog').getByText('제목을 입력해 주세요').waitFor();
  expect(await ta.getByTestId('video-upload-item').count()).toBe(0);
  await titleInput.fill('3주차 수업 녹화');
  await ta.getByTestId('form-submit').click();
  await ta.getByTestId('upload-title-dialog').waitFor({ state: 'detached' });
  // Uploaded, then processed on the server: the row turns ready on its own (progress arrives live).
  await ta.locator('[data-testid="video-row"][data-status="ready"]').filter({ hasText: '3주차 수업 녹화' }).waitFor({ timeout: 60_000 });

  await ta.getByTestId('video-add-link').click();
  await ta.getByTestId('link-url').fill('https://youtu.be/dQw4w9WgXcQ');
  await ta.getByTestId('link-title').fill('개념 복습 (YouTube)');
  await ta.getByTestId('link-duration').fill('12:30');
  await ta.getByTestId('form-submit').click();
  await ta.getByTestId('video-row').filter({ hasText: '개념 복습 (YouTube)' }).waitFor();
  expect(await ta.getByTestId('video-row').count()).toBe(2);

  // The student, on a phone.
  const phone = await e2e.newPage({ width: 390, height: 844 });
  await phone.goto('/login');
  await phone.getByTestId('login-id').fill(STUDENT);
  await phone.getByTestId('login-password').fill(DEMO_ACCOUNTS.student.password);
  await phone.getByTestId('login-password').press('Enter');
  await phone.waitForURL((u) => !u.pathname.startsWith('/login'));
  await phone.goto('/portal/videos');
  const item = phone.getByTestId('my-video').filter({ hasText: '3주차 수업 녹화' });
  await item.waitFor();
  expect(await item.innerText()).toContain('아직 안 봄');
  expect(await axe(phone)).toEqual([]);
  await item.click();
  await phone.getByTestId('video-player').waitFor();
  expect(await phone.getByTestId('video-watermark').innerText()).toMatch(/^\S+ \d{4}$/);
  await phone.getByRole('button', { name: '재생', exact: true }).click();
  await phone.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-testid="video-media"]')?.currentTime ?? 0) >= 4);
  // Speed: 1× → 1.25× with the speed button.
  await phone.getByTestId('video-rate').click();
  await phone.waitForFunction(() => document.querySelector<HTMLVideoElement>('[data-testid="video-media"]')?.playbackRate === 1.25);
  expect(await axe(phone)).toEqual([]);

  // Leaving the page while it plays, before the first 10-second report: what was watched reaches
  // the server only by the beacon sent as the page goes (Chromium does not show Playwright the
  // requests of a page that is unloading, so the server's record is what is checked).
  const left = await videoTime(phone);
  expect(left).toBeLessThan(10);
  await phone.goto('/portal');
  const studentToken = await token(STUDENT, DEMO_ACCOUNTS.student.password);
  const videos = await api<{ id: number; title: string }[]>(studentToken, 'GET', '/sp/videos');
  const videoId = videos.find((v) => v.title === '3주차 수업 녹화')!.id;
  const progressOf = async () => (await api<{ positionSec: number; watchedSec: number; percent: number }[]>(studentToken, 'GET', `/sp/video-progress?videoId=${videoId}`))[0]!;
  await expect.poll(async () => (await progressOf()).positionSec).toBeGreaterThanOrEqual(Math.floor(left));
  const saved = await progressOf();
  expect(saved.watchedSec).toBeGreaterThan(0);

  // Coming back: the list says where to resume, and the player starts there.
  await phone.goto('/portal/videos');
  await expect.poll(() => item.innerText()).toContain('이어 보기');
  await item.click();
  await phone.waitForFunction((at) => (document.querySelector<HTMLVideoElement>('[data-testid="video-media"]')?.currentTime ?? 0) >= at - 0.5, saved.positionSec);
  expect(await videoTime(phone)).toBeLessThan(saved.positionSec + 2);

  // Playing on: the shown progress grows with the player's own reports, without leaving the page.
  const shown = phone.getByTestId('watch-progress');
  const percentShown = async () => Number(/내 진도 (\d+)%/.exec(await shown.innerText())?.[1] ?? -1);
  const before = await percentShown();
  await phone.getByRole('button', { name: '재생', exact: true }).click();
  await expect.poll(percentShown, { timeout: 25_000 }).toBeGreaterThan(before);
  await phone.getByRole('button', { name: '일시정지', exact: true }).click();
  await expect.poll(async () => (await progressOf()).watchedSec).toBeGreaterThan(saved.watchedSec);
  // The pause may send one more report after the one above: each check reads the server's latest.
  const serverPercent = async () => Math.floor((await progressOf()).percent);
  await expect.poll(async () => (await percentShown()) === (await serverPercent())).toBe(true);
  // Back to the list in the app: the same state and percent as the player showed.
  await phone.getByRole('link', { name: '영상 목록' }).click();
  await expect.poll(() => item.innerText()).toContain('이어 보기');
  await expect.poll(async () => (await item.innerText()).includes(`${await serverPercent()}%`)).toBe(true);
  expect(await item.innerText()).not.toContain('아직 안 봄');

  // The CRM table and the student page show what was watched.
  await ta.reload();
  await ta.getByTestId('tab-videos').click();
  const row = ta.getByTestId('video-progress-row').filter({ hasText: STUDENT });
  await row.waitFor();
  const cell = row.getByTestId('video-progress-cell').first();
  await expect.poll(() => cell.innerText()).toMatch(/\d+(\.\d)?%/);
  expect(await cell.innerText()).toContain('봄');
  expect(await row.getByTestId('video-progress-cell').nth(1).innerText()).toContain('안 봄');
  expect(await axe(ta)).toEqual([]);

  await ta.goto(`/crm/students/${studentId}`);
  const line = ta.getByTestId('student-video-row').filter({ hasText: '3주차 수업 녹화' });
  await line.waitFor();
  expect(await line.innerText()).toMatch(/\d+(\.\d)?%/);
  // The student page belongs to the students area: this scan covers the section videos add to it.
  expect(await axe(ta, { include: ['[data-testid="student-videos"]'] })).toEqual([]);
}, 180_000);

test('a student outside the lecture is refused the video', async () => {
  const { lectureId, wlId } = await makeLecture(`e2e 영상 외부 ${Date.now().toString(36)}`);
  const admin = await token(DEMO_ACCOUNTS.admin.loginId, DEMO_ACCOUNTS.admin.password);
  const video = await api<{ id: number }>(admin, 'POST', `/lectures/${lectureId}/weekly-lectures/${wlId}/videos`, { source: 'link', title: '외부 확인', url: 'https://vimeo.com/76979871', durationSec: 60 });
  const page = await e2e.signedIn('student', { width: 390, height: 844, at: `/portal/videos/${video.id}` });
  await page.getByText('수강하는 강좌의 영상만 볼 수 있습니다').waitFor();
  expect(await axe(page)).toEqual([]);
});
