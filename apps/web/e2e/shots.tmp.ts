import { chromium, type Page } from 'playwright-core';
const base = 'http://127.0.0.1:3377';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function signed(loginId: string, password: string, width: number, height: number) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width, height }, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByTestId('login-id').fill(loginId);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return page;
}
const shot = async (p: Page, name: string) => { await p.waitForTimeout(700); await p.screenshot({ path: `/tmp/shots/${name}.png` }); };
const ta = await signed('manager', 'manager1234!', 1366, 900);
await ta.goto('/crm/clinic'); await ta.getByTestId('week-view').waitFor(); await shot(ta, 'crm-week');
await ta.getByTestId('week-slot').first().click(); await ta.getByTestId('slot-dialog').waitFor(); await shot(ta, 'crm-slot-dialog');
await ta.keyboard.press('Escape');
await ta.getByTestId('open-copy-day').click(); await ta.getByTestId('copy-day-dialog').waitFor(); await shot(ta, 'crm-copy'); await ta.keyboard.press('Escape');
await ta.goto('/crm/clinic?view=day'); await ta.getByTestId('day-board').waitFor(); await shot(ta, 'crm-day');
const grade = ta.getByTestId('grade').first();
if (await grade.count()) { await grade.click(); await ta.getByTestId('grade-dialog').waitFor(); await shot(ta, 'crm-grade'); await ta.keyboard.press('Escape'); }
await ta.goto('/crm/counsel'); await ta.getByTestId('counsel-list').waitFor(); await shot(ta, 'crm-counsel');
const st = await signed('student04', 'student1234!', 390, 844);
await st.goto('/portal/clinic'); await st.getByTestId('portal-clinic').waitFor(); await shot(st, 'portal-clinic');
await st.mouse.wheel(0, 700); await shot(st, 'portal-clinic-2');
await st.goto('/portal/counsel'); await st.getByTestId('portal-counsel').waitFor(); await shot(st, 'portal-counsel');
await browser.close();
