import type { Question } from '@academy/contracts/grading';
import type { OmrExamSheet } from '@academy/contracts/omr';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { buildExamLayout, createSheetGenerator, type GeneratedSheet, scannerPdf } from '../../server/src/modules/omr/omr.testkit.ts';
import { axe, browserForFile, DEMO_ACCOUNTS } from './harness.ts';

const e2e = browserForFile();

async function token(role: 'admin' | 'ta'): Promise<string> {
  const res = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS[role]) });
  if (!res.ok) throw new Error(`login ${role}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function api<T>(bearer: string, method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(e2e.url(`/api${p}`), { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const seoulDay = (offset = 0) => new Date(Date.now() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한'];
const GIVEN = ['도윤', '서아', '하준', '지안', '시우', '하윤', '은우', '지유', '선우', '수아', '유준', '서윤'];

const KEY: Question[] = [
  ...Array.from({ length: 10 }, (_, i): Question => ({ no: i + 1, kind: 'choice', answer: [(i % 5) + 1], points: 8 })),
  { no: 11, kind: 'short', answer: ['25'], points: 20 },
];

/** A lecture meeting today with `count` new students, and an exam with a key in today's session. */
async function setup(count: number, examExtra: { cutline?: number } = {}) {
  const admin = await token('admin');
  const lecture = await api<{ id: number }>(admin, 'POST', '/lectures', {
    name: 'e2e OMR 반', subject: '수학', teacherName: '김민수',
    schedule: [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({ dayOfWeek, startTime: '19:00', endTime: '21:00' })),
    // A session today even when today is a public holiday (generation skips them by default).
    keepHolidays: true,
    startDate: seoulDay(-1), endDate: seoulDay(10),
  });
  // The class is this file's own students.
  const run = Date.now().toString(36).slice(-5);
  const students: { id: number }[] = [];
  for (let i = 0; i < count; i++) {
    students.push(await api<{ id: number }>(admin, 'POST', '/students', { loginId: `omr${run}${i}`, name: `${FAMILY[i % FAMILY.length]}${GIVEN[i % GIVEN.length]}`, password: 'omr-e2e-1234!' }));
  }
  await api(admin, 'POST', `/lectures/${lecture.id}/students`, { userIds: students.map((s) => s.id) });
  const detail = await api<{ weeklyLectures: { id: number; date: string }[] }>(admin, 'GET', `/lectures/${lecture.id}`);
  const wlId = detail.weeklyLectures.find((w) => w.date >= seoulDay())!.id;
  const ta = await token('ta');
  const exam = await api<{ id: number }>(ta, 'POST', `/lectures/${lecture.id}/weekly-lectures/${wlId}/exams/new`, { title: 'e2e OMR 주간테스트', questions: KEY, ...examExtra });
  const sheet = await api<OmrExamSheet>(ta, 'GET', `/wl-exam/${exam.id}/omr`);
  return { lectureId: lecture.id, wlId, examId: exam.id, candidates: sheet.candidates };
}

async function noViolations(page: Page, where: string) {
  expect(await axe(page), where).toEqual([]);
}

describe('OMR grading in the browser', () => {
  test('print, upload a 20-page scan and two phone photos, follow the progress, confirm by keyboard, see the scores', async () => {
    const { lectureId, examId, candidates } = await setup(22);
    expect(candidates).toHaveLength(22);
    const page = await e2e.signedIn('ta', { width: 1366, height: 900 });

    // From the lecture's exam list to the exam's OMR page.
    await page.goto(`/crm/lectures/${lectureId}`);
    await page.getByTestId('tab-exams').click();
    await page.getByTestId('exam-omr').first().click();
    await page.waitForURL(`**/crm/lectures/${lectureId}/omr/${examId}`);
    await page.getByTestId('omr-print').waitFor();
    await noViolations(page, 'OMR page');

    // The printed sheets are a PDF the browser downloads.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('omr-print-students').click()]);
    expect(download.suggestedFilename()).toContain('.pdf');

    // Sheets made from that same layout: one page per student (20 in the PDF, the rest as photos).
    const students = candidates.map((c) => ({ userId: c.userId, name: c.name, candidateNumber: c.candidateNumber }));
    const gen = await createSheetGenerator({ layout: buildExamLayout(KEY), heading: { title: 'e2e OMR 주간테스트', lecture: 'e2e OMR 반', date: '', examId }, students });
    const pdfSheets: GeneratedSheet[] = [];
    const photoSheets: GeneratedSheet[] = [];
    const pageCount = 20;
    for (const [i, s] of students.entries()) {
      if (i < pageCount) pdfSheets.push(await gen.scanned(7000 + i, { student: s }));
      else if (photoSheets.length < 2) photoSheets.push(await gen.photographed(8000 + i, { student: s, prefilled: true }));
    }
    const dir = tmpdir();
    const pdfPath = path.join(dir, `omr-e2e-${examId}.pdf`);
    await writeFile(pdfPath, await scannerPdf(pdfSheets.map((s) => s.image)));
    const photoPaths = await Promise.all(photoSheets.map(async (s, i) => {
      const p = path.join(dir, `omr-e2e-${examId}-${i}.jpg`);
      await writeFile(p, s.image);
      return p;
    }));

    // Progress shows from the moment the reading is queued: record that it appeared.
    await page.evaluate(() => {
      const w = window as unknown as { sawProgress: boolean };
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="omr-progress"]')) w.sawProgress = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('omr-upload-input').setInputFiles([pdfPath, ...photoPaths]);
    await page.locator('[data-testid="omr-review"], [data-testid="omr-sheet-table"]').first().waitFor({ timeout: 240_000 });
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true);
    await expect.poll(() => page.getByTestId('omr-sheet-table').locator('tbody tr').count(), { timeout: 60_000 }).toBe(pdfSheets.length + photoSheets.length);
    await noViolations(page, 'OMR batch');

    // The confirm screen: Enter accepts what was read; a student step picks the student.
    const review = page.getByTestId('omr-review');
    if (await review.count()) {
      await noViolations(page, 'confirm screen');
      const item = page.getByTestId('omr-review-item');
      for (let guard = 0; guard < 200 && !(await page.getByTestId('omr-review-finished').count()); guard++) {
        const before = await item.getAttribute('data-item');
        const studentInput = page.getByTestId('omr-student-input');
        if (await studentInput.count()) {
          const crop = await page.getByTestId('omr-review-item').innerText();
          const truth = [...pdfSheets, ...photoSheets].find((s) => crop.includes(s.truth.candidateNumber ?? '\u0000')) ?? null;
          await studentInput.fill(truth ? students.find((s) => s.userId === truth.truth.userId)!.name : students[0]!.name);
          await page.getByRole('option').first().waitFor();
          await page.keyboard.press('Enter');
        } else {
          await page.getByTestId('omr-read-value').waitFor();
          await page.getByTestId('omr-review-item').focus();
          await page.keyboard.press('Enter');
        }
        // The next item is on screen, or the last one was saved.
        await page.waitForFunction(
          (prev) => document.querySelector('[data-testid="omr-review-finished"]') || document.querySelector('[data-testid="omr-review-item"]')?.getAttribute('data-item') !== prev,
          before,
        );
      }
      await page.getByTestId('omr-review-finished').waitFor();
    }

    // Only now do the answers become scores.
    const apply = page.getByTestId('omr-apply');
    await expect.poll(() => apply.isEnabled(), { timeout: 60_000 }).toBe(true);
    await apply.click();
    await page.getByText(/장을 점수로 반영했습니다/).waitFor();

    // The score grid shows them; a cell opens its sheet.
    await page.goto(`/crm/lectures/${lectureId}`);
    await page.getByTestId('tab-exams').click();
    await page.getByTestId('score-grid').waitFor();
    await noViolations(page, 'score grid after OMR');
    const ta = await token('ta');
    const scored = await Promise.all(students.slice(0, pageCount).map((s) => api<{ first: number | null; answers: unknown }>(ta, 'GET', `/wl-score/${examId}/${s.userId}`)));
    expect(scored.every((c) => c.answers !== null && c.first !== null)).toBe(true);

    await page.goto(`/crm/lectures/${lectureId}/omr/${examId}?student=${students[0]!.userId}`);
    await page.getByTestId('omr-sheet-dialog').getByRole('img').first().waitFor();
    await noViolations(page, 'sheet dialog');
  }, 600_000);

  test('a score typed before the sheets came back is not overwritten without asking', async () => {
    const { lectureId, wlId, examId, candidates } = await setup(2, { cutline: 60 });
    const [typed, other] = candidates as [OmrExamSheet['candidates'][number], OmrExamSheet['candidates'][number]];
    const ta = await token('ta');
    // 55 typed in the grid: under the cutline, so 클리닉대상. (8- and 20-point questions never add up to 55.)
    await api(ta, 'PATCH', `/wl-score/${examId}/${typed.userId}/value`, { scoreValue: 55 });

    const students = candidates.map((c) => ({ userId: c.userId, name: c.name, candidateNumber: c.candidateNumber }));
    const gen = await createSheetGenerator({ layout: buildExamLayout(KEY), heading: { title: 'e2e OMR 주간테스트', lecture: 'e2e OMR 반', date: '', examId }, students });
    const sheets = await Promise.all(students.map((s, i) => gen.scanned(9100 + i, { student: s })));
    const pdfPath = path.join(tmpdir(), `omr-e2e-apply-${examId}.pdf`);
    await writeFile(pdfPath, await scannerPdf(sheets.map((s) => s.image)));

    const page = await e2e.signedIn('ta', { width: 1366, height: 900, at: `/crm/lectures/${lectureId}/omr/${examId}` });
    await page.getByTestId('omr-upload-input').setInputFiles([pdfPath]);
    await page.getByTestId('omr-sheet-table').waitFor({ timeout: 240_000 });

    // What the reader doubted is confirmed as read (the review screen has its own test above).
    const [batch] = await api<{ id: number }[]>(ta, 'GET', `/lectures/${lectureId}/weekly-lectures/${wlId}/grade-omr`);
    const detail = await api<{ sheetList: { id: number; status: string; userId: number | null }[] }>(ta, 'GET', `/omr/batches/${batch!.id}`);
    for (const [i, summary] of detail.sheetList.entries()) {
      if (summary.status !== 'review') continue;
      const sheet = await api<{ questions: { no: number; answer: string | null; flagged: boolean; confirmed: boolean }[] }>(ta, 'GET', `/omr/sheets/${summary.id}`);
      const answers = sheet.questions.filter((q) => q.flagged && !q.confirmed).map((q) => ({ no: q.no, answer: q.answer }));
      await api(ta, 'PUT', `/omr/sheets/${summary.id}/confirm`, { answers, ...(summary.userId === null ? { userId: sheets[i]!.truth.userId } : {}) });
    }
    await page.reload();
    const apply = page.getByTestId('omr-apply');
    await expect.poll(() => apply.textContent()).toBe('점수로 반영 (2장)');
    await apply.click();

    // The dialog lists only the student whose score differs, with the clinic state beside the score.
    const dialog = page.getByTestId('omr-apply-dialog');
    await dialog.waitFor();
    const rows = dialog.getByTestId('omr-apply-row');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-student')).toBe(typed.name);
    expect(await rows.first().innerText()).toContain('클리닉대상');
    expect(await rows.first().innerText()).toContain('55점');
    expect(await dialog.innerText()).toContain('나머지 1장은 OMR 점수로 반영합니다');
    await noViolations(page, 'OMR apply dialog');
    const confirm = page.getByTestId('omr-apply-confirm');
    expect(await confirm.isDisabled()).toBe(true);

    await page.getByTestId('omr-apply-all-current').click();
    expect(await page.getByRole('radio', { name: '기존 55점 유지' }).isChecked()).toBe(true);
    await confirm.click();
    await page.getByText('1장을 점수로 반영했습니다 · 기존 점수 유지 1장').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const kept = await api<{ first: number | null; clinic: string; answers: unknown }>(ta, 'GET', `/wl-score/${examId}/${typed.userId}`);
    expect(kept).toMatchObject({ first: 55, clinic: 'required', answers: null });
    const written = await api<{ first: number | null; answers: unknown }>(ta, 'GET', `/wl-score/${examId}/${other.userId}`);
    expect(written.answers).not.toBeNull();
    await page.getByText('기존 점수 유지 1장', { exact: true }).waitFor();
  }, 300_000);
});
