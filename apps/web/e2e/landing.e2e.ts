import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForFile, login, pathOf } from './harness.ts';
import { REPO_ROOT } from './server.ts';

const e2e = browserForFile();

/** Marks the document, so a later check tells a client-side navigation from a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Texts only React Router's and TanStack Query's code carries (their error messages). */
const ROUTER = 'useRoutes() may be used only in the context of a <Router>';
const QUERY = 'No QueryClient set';
const builtScript = (name: string) => readFileSync(path.join(REPO_ROOT, 'apps/web/dist/assets', name), 'utf8');

/** The scripts a page requested, by file name. */
function scriptsOf(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) names.push(pathname.slice('/assets/'.length));
  });
  return names;
}

describe('the landing page’s own shell', () => {
  test('a first visit loads neither the router nor the query library; a link hands over to the app without a reload, and back returns', async () => {
    const page = await e2e.newPage();
    const scripts = scriptsOf(page);
    await page.goto('/');
    await page.getByTestId('landing-course').first().waitFor();
    await page.waitForLoadState('networkidle');
    const loaded = scripts.map(builtScript);
    expect(loaded.filter((code) => code.includes(ROUTER) || code.includes(QUERY))).toEqual([]);

    // A section link stays on the page and scrolls to its section.
    await markDocument(page);
    await page.getByRole('navigation', { name: '학원 소개' }).getByRole('link', { name: '강사진' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.hash === '#teachers');
    await page.waitForFunction(() => Math.abs(document.getElementById('teachers')!.getBoundingClientRect().top) < 80);

    await page.getByRole('link', { name: '재원생 로그인' }).click();
    await page.waitForURL('**/login');
    await page.getByTestId('login-id').waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(scripts.map(builtScript).some((code) => code.includes(ROUTER))).toBe(true);

    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('center-address').waitFor();
    expect(await sameDocument(page)).toBe(true);
  });

  test('a signed-in student finds 내 학습 in the landing page’s header, and it opens the portal', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    await login(page, 'student');
    await page.getByTestId('portal-greeting').waitFor();
    const visit = await page.context().newPage();
    await visit.goto('/');
    await visit.getByRole('link', { name: '내 학습' }).click();
    await visit.waitForURL((u) => u.pathname === '/portal');
    await visit.getByTestId('portal-greeting').waitFor();
    expect(pathOf(visit)).toBe('/portal');
  });
});
