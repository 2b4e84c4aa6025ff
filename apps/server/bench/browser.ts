import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import type { BenchEnv } from './types.ts';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist/index.html');

/**
 * First-paint scenarios: headless Chromium (the system binary) signed in as the seed's admin on
 * the benchmark server, which serves the built web app. `use` runs with the page; the browser is
 * closed afterwards whatever happens.
 */
export async function withAdminPage<T>(env: BenchEnv, use: (page: Page) => Promise<T>): Promise<T> {
  if (!existsSync(WEB_DIST)) throw new Error('apps/web/dist 없음: npm run build -w @academy/web 먼저 실행');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ baseURL: env.baseUrl, viewport: { width: 1600, height: 1000 }, locale: 'ko-KR' })).newPage();
    await page.goto('/login');
    await page.getByTestId('login-id').fill('admin');
    await page.getByTestId('login-password').fill('admin1234!');
    await page.getByTestId('login-password').press('Enter');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    return await use(page);
  } finally {
    await browser.close();
  }
}
