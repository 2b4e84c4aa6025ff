import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserForFile, login, type Role } from './harness.ts';
import { REPO_ROOT } from './server.ts';

/**
 * The JavaScript a first visit loads, counted as gzip bytes (level 9, as the build writes them; the
 * server sends the .br when the browser takes it, which is smaller still): every script under
 * /assets the page requests until it shows its own content and the network is idle. Issue 19 asks
 * for the CRM shell with its first page within 400 KB and the landing page and the portal within
 * 150 KB. The landing page, the sign-in page, the public board's list, the portal's frame and home
 * are light pages (apps/web/README.md, "First-load JavaScript"): React and the app's own CSS, no
 * MUI; a first visit of the landing page loads no router or query library either. The budgets are
 * the figures reached with a little room, so they cannot grow unnoticed. The stylesheets those
 * pages load took over what emotion did in JavaScript, so they are counted and held too. Each
 * figure is printed.
 */
const e2e = browserForFile();
const ASSETS = path.join(REPO_ROOT, 'apps/web/dist/assets');
const KB = 1024;

type Loaded = { files: number; gzip: number; css: number };

const gzipOf = (name: string) => gzipSync(readFileSync(path.join(ASSETS, name)), { level: 9 }).length;

function counter(page: Page): () => Loaded {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (!url.pathname.startsWith('/assets/')) return;
    if (url.pathname.endsWith('.js')) scripts.add(path.basename(url.pathname));
    if (url.pathname.endsWith('.css')) styles.add(path.basename(url.pathname));
  });
  return () => ({
    files: scripts.size,
    gzip: [...scripts].reduce((sum, name) => sum + gzipOf(name), 0),
    css: [...styles].reduce((sum, name) => sum + gzipOf(name), 0),
  });
}

/** Until the page shows its own content (`ready`, a test id of the page, not of its layout) and the network is idle. */
async function settled(page: Page, ready: string): Promise<void> {
  await page.getByTestId(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function firstLoad(page: Page, pathname: string, ready: string): Promise<Loaded> {
  const count = counter(page);
  await page.goto(pathname);
  await settled(page, ready);
  return count();
}

/** `budget` is the JavaScript's, `cssBudget` the stylesheets' (gzip bytes). */
type Visit = { name: string; run: () => Promise<Loaded>; budget: number; cssBudget: number };

/** A signed-in person opening the app afresh: a new page in the same context as the sign-in. */
async function signedInVisit(role: Role, pathname: string, ready: string) {
  const page = await e2e.newPage(role === 'student' ? { width: 390, height: 844 } : undefined);
  await login(page, role);
  const again = await page.context().newPage();
  await page.close();
  return firstLoad(again, pathname, ready);
}

/** A student's whole first visit: the sign-in page, then the portal home it forwards to. */
async function studentSignIn() {
  const page = await e2e.newPage({ width: 390, height: 844 });
  const count = counter(page);
  await login(page, 'student');
  await settled(page, 'portal-greeting');
  return count();
}

const VISITS: Visit[] = [
  { name: '랜딩 /', run: async () => firstLoad(await e2e.newPage(), '/', 'contact-phone'), budget: 90 * KB, cssBudget: 7.5 * KB },
  { name: '게시판 /board', run: async () => firstLoad(await e2e.newPage(), '/board', 'board-write'), budget: 125 * KB, cssBudget: 7.5 * KB },
  { name: '포털 홈 /portal', run: () => signedInVisit('student', '/portal', 'portal-greeting'), budget: 130 * KB, cssBudget: 7 * KB },
  { name: '포털 로그인부터 /login → /portal', run: studentSignIn, budget: 135 * KB, cssBudget: 8.5 * KB },
  { name: 'CRM (강좌) /crm/lectures', run: () => signedInVisit('admin', '/crm/lectures', 'lecture-add'), budget: 310 * KB, cssBudget: 4.5 * KB },
];

describe('first-load JavaScript', () => {
  test.each(VISITS)('$name stays within its budget', async ({ name, run, budget, cssBudget }) => {
    const { files, gzip, css } = await run();
    console.info(`첫 로드 JS — ${name}: ${files}개, gzip ${(gzip / KB).toFixed(1)} KB (예산 ${budget / KB} KB); CSS gzip ${(css / KB).toFixed(1)} KB (예산 ${cssBudget / KB} KB)`);
    expect(gzip).toBeLessThanOrEqual(budget);
    expect(css).toBeLessThanOrEqual(cssBudget);
  });
});
