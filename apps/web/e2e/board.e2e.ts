import { describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, pathOf } from './harness.ts';

const e2e = browserForFile();
const PHONE = { width: 390, height: 844 };

/** Writes a question as a visitor on a phone and returns the post's path. */
async function ask(page: Awaited<ReturnType<typeof e2e.newPage>>, q: { name: string; phone: string; title: string; body: string; secret?: boolean }) {
  await page.goto('/board/write');
  await page.getByTestId('board-form').waitFor();
  await page.getByTestId('board-name').fill(q.name);
  await page.getByTestId('board-phone').fill(q.phone);
  await page.getByTestId('board-consent-check').check();
  await page.getByTestId('board-password-new').fill('visit-1234');
  await page.getByTestId('board-title').fill(q.title);
  await page.getByTestId('board-body').fill(q.body);
  if (q.secret) await page.getByTestId('board-secret').check();
  await page.getByTestId('board-submit').click();
  await page.waitForURL(/\/board\/\d+$/);
  await page.getByTestId('board-post-title').waitFor();
  return new URL(page.url()).pathname;
}

/** Writes questions through the API as staff (the per-address limits are for visitors). */
async function writeQuestions(titles: string[]): Promise<void> {
  const login = await fetch(e2e.url('/api/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ACCOUNTS.admin) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  for (const title of titles) {
    const res = await fetch(e2e.url('/api/board'), { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ title, body: `${title} 내용` }) });
    if (!res.ok) throw new Error(`POST /api/board: ${res.status} ${await res.text()}`);
  }
}

describe('board', () => {
  test('the list keeps its place while it loads: layout shift stays under 0.1 on a phone', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    // Every layout shift from the first paint on, as Lighthouse's CLS adds them.
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; moved: string[] };
      w.cls = 0;
      w.moved = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node: Node | null }[] }[]) {
          if (e.hadRecentInput) continue;
          w.cls += e.value;
          if (e.value >= 0.01) w.moved.push(`${e.value.toFixed(3)} ${e.sources.map((x) => (x.node?.textContent ?? '').trim().slice(0, 20)).join(' | ')}`);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The list's reply is held until the page has drawn its frame, as on a slow phone network.
    let release: () => void = () => {};
    const drawn = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/board\?/, async (route) => {
      await drawn;
      await route.continue();
    });
    await page.goto('/board');
    await page.getByTestId('board-write').waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    release();
    await page.getByTestId('board-row').first().waitFor();
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { cls, moved } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; moved: string[] };
      return { cls: w.cls, moved: w.moved };
    });
    expect(cls, `밀린 것: ${moved.join(' / ')}`).toBeLessThan(0.1);
    await expectAccessible(page, '게시판 (휴대폰)');
  });

  test('the list finds questions by title and pages through them, ten a page', async () => {
    const word = `e2e쪽${Date.now().toString(36)}`;
    await writeQuestions(Array.from({ length: 11 }, (_, i) => `${word} 질문 ${i + 1}`));
    const page = await e2e.newPage(PHONE);
    await page.goto('/board');
    await page.getByTestId('board-list').waitFor();
    const search = page.getByRole('textbox', { name: '제목으로 찾기' });
    await search.fill(word);
    // The 검색 button searches as Enter does (a phone keyboard may have no Enter key to find).
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL((u) => u.searchParams.get('q') === word);
    const rows = page.getByTestId('board-row');
    await expect.poll(() => rows.filter({ hasText: word }).count()).toBe(10);
    expect(await rows.count()).toBe(10);
    const pages = page.getByRole('navigation', { name: '쪽 이동' });
    expect(await pages.getByRole('button', { name: '1 쪽' }).getAttribute('aria-current')).toBe('page');
    expect(await pages.getByRole('button', { name: '이전 쪽' }).isDisabled()).toBe(true);

    await pages.getByRole('button', { name: '2 쪽' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2' && u.searchParams.get('q') === word);
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(`${word} 질문 1`)]);
    expect(await pages.getByRole('button', { name: '다음 쪽' }).isDisabled()).toBe(true);
    await expectAccessible(page, '게시판 2쪽 (검색)');
  });

  test('a visitor who leaves a phone must agree to 개인정보 수집·이용 (항목·목적·보유기간 shown) before the question is sent', async () => {
    const page = await e2e.newPage(PHONE);
    await page.goto('/board/write');
    await page.getByTestId('board-form').waitFor();
    expect(await page.getByTestId('board-consent').count()).toBe(0);
    await page.getByTestId('board-name').fill('박동의');
    await page.getByTestId('board-phone').fill('010-2468-1357');
    const consent = page.getByTestId('board-consent');
    await consent.waitFor();
    const text = await consent.innerText();
    for (const part of ['개인정보 수집·이용 동의', '항목', '휴대폰 번호', '목적', '보유기간']) expect(text).toContain(part);
    await page.getByTestId('board-password-new').fill('visit-1234');
    await page.getByTestId('board-title').fill(`e2e 동의 확인 ${Date.now().toString(36)}`);
    await page.getByTestId('board-body').fill('번호를 남기고 질문합니다');
    let posted = 0;
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().endsWith('/api/board')) posted += 1; });
    await page.getByTestId('board-submit').click();
    await consent.getByRole('alert').filter({ hasText: '개인정보 수집·이용에 동의해 주세요' }).waitFor();
    expect(posted).toBe(0);
    await expectAccessible(page, '게시판 글쓰기 (개인정보 동의)');
    await page.getByTestId('board-consent-check').check();
    const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/board'));
    await page.getByTestId('board-submit').click();
    expect((await created).status()).toBe(200);
    await page.waitForURL(/\/board\/\d+$/);
  });

  test('a visitor asks from a phone, a TA answers in the CRM, and the visitor gets the answer by SMS', async () => {
    const visitor = await e2e.newPage(PHONE);
    await visitor.goto('/board');
    await visitor.getByTestId('board-list').waitFor();
    expect(await visitor.getByTestId('board-notice-row').count()).toBeGreaterThan(0);
    await expectAccessible(visitor, pathOf(visitor));

    await visitor.getByTestId('board-write').click();
    await visitor.getByTestId('board-form').waitFor();
    await expectAccessible(visitor, pathOf(visitor));
    const path = await ask(visitor, { name: '이수민 학부모', phone: '010-4321-8765', title: 'e2e 겨울 특강 일정 문의', body: '고2 겨울 특강은 몇 시에 시작하나요?\n주말반도 있나요?', secret: true });
    // Just written: the writer sees their 비밀글.
    expect(await visitor.getByTestId('board-post-body').innerText()).toContain('주말반도 있나요?');
    await expectAccessible(visitor, pathOf(visitor));

    // Someone else sees only that it exists, and is asked for the password.
    const stranger = await e2e.newPage(PHONE);
    await stranger.goto('/board');
    const row = stranger.getByTestId('board-row').filter({ hasText: '비밀글입니다' }).first();
    await row.waitFor();
    await stranger.goto(path);
    await stranger.getByTestId('board-unlock').waitFor();
    await stranger.getByTestId('board-password').fill('wrong-guess');
    await stranger.getByTestId('board-password-submit').click();
    await stranger.getByText('비밀번호가 맞지 않습니다').first().waitFor();
    await expectAccessible(stranger, pathOf(stranger));

    // The TA answers from the CRM, texting the visitor.
    const ta = await e2e.signedIn('ta', { width: 1366, height: 900, at: '/crm/board' });
    await ta.getByTestId('board-row').filter({ hasText: 'e2e 겨울 특강 일정 문의' }).click();
    await ta.getByTestId('crm-board-post').waitFor();
    expect(await ta.getByTestId('crm-board-post').innerText()).toContain('이수민 학부모 · 010-4321-8765');
    await expectAccessible(ta, pathOf(ta));
    await ta.getByTestId('crm-answer-body').fill('토요일 오전 10시에 시작합니다. 주말반도 있습니다.');
    expect(await ta.getByTestId('crm-answer-notify').isChecked()).toBe(true);
    await ta.getByTestId('crm-answer-submit').click();
    await ta.getByTestId('crm-answer').filter({ hasText: '문자 알림 보냄' }).waitFor();

    // The answer SMS, in the history (outbox driver: kept, not sent out).
    await ta.goto('/crm/sms/history');
    await ta.getByLabel('이름 또는 번호').fill('01043218765');
    const text = ta.getByTestId('sms-message-row').filter({ hasText: '게시판 답변' });
    await expect.poll(() => text.innerText(), { timeout: 20_000 }).toMatch(/010-4321-8765[\s\S]*발송/);
    await text.click();
    // The dialog opens at once and fills in when the message has loaded.
    await expect.poll(() => ta.getByTestId('sms-message-dialog').innerText()).toMatch(/답변이 등록되었습니다[\s\S]*\/board\/\d+/);
    await expectAccessible(ta, pathOf(ta));

    // The visitor opens the post from the text with the password and reads the answer.
    const again = await e2e.newPage(PHONE);
    await again.goto(path);
    await again.getByTestId('board-password').fill('visit-1234');
    await again.getByTestId('board-password-submit').click();
    await again.getByTestId('board-answer').waitFor();
    expect(await again.getByTestId('board-answer').innerText()).toContain('토요일 오전 10시에 시작합니다');
    await expectAccessible(again, pathOf(again));
  });

  test('script in a post never runs in a reader\'s browser: the board, the post and the CRM show it as text', async () => {
    const payload = '<script>window.__xss = "script"</script><img src=x onerror="window.__xss = \'img\'"><a href="javascript:window.__xss=\'link\'">눌러 보세요</a> javascript:alert(1)';
    const title = '<svg onload="window.__xss=\'title\'">e2e 제목</svg>';
    const writer = await e2e.newPage(PHONE);
    const path = await ask(writer, { name: '<b>해커</b>', phone: '010-5555-0199', title, body: payload });

    for (const page of [writer, await e2e.newPage(PHONE), await e2e.signedIn('ta', { width: 1366, height: 900 })]) {
      await page.goto(path);
      await page.getByTestId('board-post-body').waitFor();
      expect(await page.getByTestId('board-post-body').innerText()).toContain('<script>window.__xss = "script"</script>');
      expect(await page.getByTestId('board-post-title').innerText()).toBe(title);
      expect(await page.getByTestId('board-post-body').locator('script, img, svg, a[href^="javascript"]').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    }
    const ta = await e2e.signedIn('ta', { width: 1366, height: 900, at: '/crm/board' });
    await ta.getByTestId('board-row').filter({ hasText: 'e2e 제목' }).click();
    await ta.getByTestId('crm-board-post').waitFor();
    expect(await ta.getByTestId('crm-board-post').innerText()).toContain('<img src=x onerror=');
    expect(await ta.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  });
});
