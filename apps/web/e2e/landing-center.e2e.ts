import { describe, expect, test } from 'vitest';
import { CRM_NOTICE } from '../../server/src/modules/notices/notices.seed.ts';
import { browserForFile, expectAccessible } from './harness.ts';

const e2e = browserForFile();

describe('the demo center agrees with itself', () => {
  test('the landing page names the seeded center and lists its open courses and teachers from the data', async () => {
    const page = await e2e.newPage();
    const center = page.waitForResponse((r) => r.url().endsWith('/api/public/center'));
    await page.goto('/');
    expect((await center).status()).toBe(200);
    expect(await page.getByTestId('landing-center-name').innerText()).toBe('한빛학원');
    const courses = page.getByTestId('landing-course');
    await courses.filter({ hasText: '고2 수학 정규반' }).waitFor();
    await courses.filter({ hasText: '중3 영어 내신반' }).waitFor();
    // The disabled 고3 lecture is not advertised; the teachers are the lectures' teachers.
    expect(await courses.filter({ hasText: '고3 수학 수능 파이널' }).count()).toBe(0);
    await page.getByTestId('landing-teacher').filter({ hasText: '정재훈 선생님' }).waitFor();
    await expectAccessible(page, '랜딩 (학원 정보)');
  });

  test('student01 is a 고2 at a 노원 school, as the 고2 lectures they take expect', async () => {
    const page = await e2e.signedIn('admin');
    await page.waitForURL('**/crm/lectures');
    const me = await page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('accessToken')}` };
      const list = await (await fetch('/api/students?search=student01&pageSize=5', { headers })).json() as { nodes: { loginId: string; grade: string; school: string }[] };
      return list.nodes.find((s) => s.loginId === 'student01');
    });
    expect(me).toMatchObject({ grade: '고2' });
    expect(['상계고', '노원고', '재현고', '청원고']).toContain(me!.school);
  });

  test('the staff notice asks TAs to use the 출근/퇴근 button, and the button is there', async () => {
    const page = await e2e.signedIn('ta');
    await page.waitForURL('**/crm/notice');
    // The seeded words (the browser suite shares one server, and the shell tests edit the notice).
    expect(CRM_NOTICE).toContain('출근/퇴근 버튼으로 찍어 주세요');
    await page.getByTestId('clock').waitFor();
    await expectAccessible(page, '직원 공지');
  });
});
