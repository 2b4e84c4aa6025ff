/**
 * Browser-test harness. A test file:
 *
 *   import { expect, test } from 'vitest';
 *   import { browserForFile } from './harness.ts';
 *   const e2e = browserForFile();                       // one Chromium for the file
 *   test('…', async () => {
 *     const page = await e2e.signedIn('ta');        // fresh context, signed in through the login form
 *     await page.goto('/crm/notice');
 *     const visitor = await e2e.newPage();          // fresh context: no cookies, no storage
 *   });
 *
 * The server (global-setup.ts) is the real one on a fresh PGlite folder with the demo data, started
 * once for the suite and shared by every file, so tests must not depend on what other files changed.
 * shell.e2e.ts changes ta04's password, so other tests must not sign in as ta04.
 * apps/web/dist must exist (the runner builds it). Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

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
  /** A new page signed in as a demo account through the login form (the app's landing page is open). */
  signedIn: (role: Role, opts?: { width?: number; height?: number }) => Promise<Page>;
  close: () => Promise<void>;
};

/** One browser for the test file: opened before its tests, closed after them. */
export function browserForFile(): E2e {
  let opened: E2e | undefined;
  beforeAll(async () => {
    opened = await openBrowser();
  });
  afterAll(() => opened?.close());
  const e2e = () => {
    if (!opened) throw new Error('e2e: the browser is not open yet (use it inside tests or hooks)');
    return opened;
  };
  return {
    get baseUrl() {
      return e2e().baseUrl;
    },
    get browser() {
      return e2e().browser;
    },
    url: (pathname) => e2e().url(pathname),
    newPage: (opts) => e2e().newPage(opts),
    signedIn: (role, opts) => e2e().signedIn(role, opts),
    close: () => e2e().close(),
  };
}

export async function openBrowser(): Promise<E2e> {
  const baseUrl = inject('baseUrl');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const contexts: BrowserContext[] = [];
  const e2e: E2e = {
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
    signedIn: async (role, opts) => {
      const page = await e2e.newPage(opts);
      await login(page, role);
      return page;
    },
    close: async () => {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
    },
  };
  return e2e;
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

// ─── accessibility ──────────────────────────────────────────────────────────────────────────────

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core (its stable WCAG 2.1 A and AA rules) on the page as it is now and returns the violations,
 * each with the elements it found. Scan after the content a user came for has rendered.
 */
export async function axeScan(page: Page, opts: { disable?: string[] } = {}): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // Colours are judged as they end up, not halfway through a fade or a ripple.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const disabled = opts.disable ?? [];
  return page.evaluate(async (disabled) => {
    type Result = { violations: { id: string; impact: string | null; help: string; tags: string[]; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
      resultTypes: ['violations'],
    });
    // Rules axe itself marks experimental are left out: they are not settled enough to fail a build on.
    return result.violations
      .filter((v) => !v.tags.includes('experimental'))
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, disabled);
}

/**
 * Fails with a readable list when the page has accessibility violations (`where` names the screen).
 * `disable` turns rules off for a screen with a known, reported finding; say which in a comment.
 */
export async function expectAccessible(page: Page, where: string, opts: { disable?: string[] } = {}): Promise<void> {
  const violations = await axeScan(page, opts);
  if (violations.length) {
    throw new Error(`접근성 위반 (${where}):\n${violations.map((v) => `- ${v.id} [${v.impact}] ${v.help}: ${v.targets.slice(0, 5).join(', ')}`).join('\n')}`);
  }
}
