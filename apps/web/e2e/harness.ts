/**
 * Browser-test harness. A test file:
 *
 *   import { afterAll, beforeAll, expect, test } from 'vitest';
 *   import { openBrowser, login, type E2e } from './harness.ts';
 *   let e2e: E2e;
 *   beforeAll(async () => { e2e = await openBrowser(); });
 *   afterAll(() => e2e.close());
 *   test('…', async () => {
 *     const page = await e2e.newPage();            // fresh context: no cookies, no storage
 *     await login(page, 'ta');                      // signs in through the login form
 *     await page.goto(e2e.url('/crm/notice'));
 *   });
 *
 * The server (global-setup.ts) is the real one on a fresh PGlite folder with the demo data, started
 * once for the suite and shared by every file, so tests must not depend on what other files changed.
 * shell.e2e.ts changes ta04's password, so other tests must not sign in as ta04.
 * apps/web/dist must exist (the runner builds it). Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';

declare module 'vitest' {
  // Vitest's provide/inject typing is extended through interface merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export type Role = 'admin' | 'manager' | 'ta' | 'student';

/** The demo accounts of apps/server/src/db/seed/demo.ts. */
export const DEMO_ACCOUNTS: Record<Role, { loginId: string; password: string }> = {
  admin: { loginId: 'admin', password: 'admin1234!' },
  manager: { loginId: 'manager', password: 'manager1234!' },
  ta: { loginId: 'ta01', password: 'ta1234!' },
  student: { loginId: 'student01', password: 'student1234!' },
};

export type E2e = {
  baseUrl: string;
  browser: Browser;
  /** Absolute URL of an app path. */
  url: (pathname: string) => string;
  /** A page in a fresh context (own cookies and storage). Size defaults to 1440×900. */
  newPage: (opts?: { width?: number; height?: number }) => Promise<Page>;
  close: () => Promise<void>;
};

export async function openBrowser(): Promise<E2e> {
  const baseUrl = inject('baseUrl');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  return {
    baseUrl,
    browser,
    url: (pathname) => new URL(pathname, baseUrl).toString(),
    newPage: async (opts = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      });
      contexts.push(context);
      return context.newPage();
    },
    close: async () => {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
    },
  };
}

/** Fills the login form at /login and waits until the app has left it. */
export async function login(page: Page, role: Role): Promise<void> {
  const account = DEMO_ACCOUNTS[role];
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByTestId('login-id').fill(account.loginId);
  await page.getByTestId('login-password').fill(account.password);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** Current path of the page (no origin), handy for redirect assertions. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
