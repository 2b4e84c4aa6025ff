/**
 * Browser-test harness. A test file:
 *
 *   import { expect, test } from 'vitest';
 *   import { browserForFile } from './harness.ts';
 *   const e2e = browserForFile();                       // one Chromium for the file
 *   test('…', async () => {
 *     const page = await e2e.signedIn('ta');        // fresh context, signed in (API), at the landing page
 *     await page.goto('/crm/notice');
 *     const visitor = await e2e.newPage();          // fresh context: no cookies, no storage
 *   });
 *
 * Every page a test opened through the harness is scanned with axe (WCAG 2 A/AA) as the test
 * leaves it, so no screen of the suite goes unchecked; call `expectAccessible` yourself for the
 * states in between (a dialog, a second screen).
 *
 * Each file gets its own server (server.ts, serverForFile): the real one on a copy of the run's demo
 * data folder, seeded once by global-setup.ts. Files run side by side (E2E_WORKERS, default: the
 * machine's cores) and none sees what another changed; a file may change any demo account or row
 * it likes, and its own tests run in order. apps/web/dist must exist (the runner builds it).
 * Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TokenReply } from '@academy/contracts/auth';
import { landingPath } from '@academy/contracts/roles';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { startServer, type RunningServer } from './server.ts';

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
  /**
   * A new page signed in as a demo account, open at `at` or else at the account's landing page.
   * The sign-in goes through the API (the context keeps the refresh cookie the login sets) and the
   * app restores the session as it boots, as after a reload; `login` fills the form itself.
   */
  signedIn: (role: Role, opts?: { width?: number; height?: number; at?: string }) => Promise<Page>;
  close: () => Promise<void>;
};
type OpenedBrowser = E2e & { takePages: () => Page[] };

/**
 * The browser's language: Korean unless a test asks for another (the date fields are checked in an
 * English-speaking browser, where native inputs would read mm/dd/yyyy).
 */
export type BrowserLanguage = { lang?: string };

/**
 * One server and one browser for the test file: started before its tests (side by side), closed
 * after them. The server is the file's own, on a copy of the demo template.
 */
export function browserForFile(opts: BrowserLanguage = {}): E2e {
  let opened: OpenedBrowser | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const [started, browser] = await Promise.allSettled([startServer({ template: inject('e2eTemplate') }), launchBrowser(opts)]);
    if (started.status === 'fulfilled') server = started.value;
    if (browser.status === 'rejected' || started.status === 'rejected') {
      if (browser.status === 'fulfilled') await browser.value.close();
      throw started.status === 'rejected' ? started.reason : (browser as PromiseRejectedResult).reason;
    }
    opened = openBrowser(browser.value, started.value.baseUrl, opts);
  });
  afterEach(async (ctx) => {
    const pages = opened?.takePages() ?? [];
    if (ctx.task.result?.state === 'fail') return;
    for (const page of pages) {
      if (page.isClosed() || !page.url().startsWith('http')) continue;
      // A page left exactly as the test last scanned it (no DOM change since) would give the same answer.
      if (await page.evaluate(() => (window as { __axeUnchanged?: boolean }).__axeUnchanged === true).catch(() => false)) continue;
      await expectAccessible(page, `${ctx.task.name} — 마지막 화면 ${pathOf(page)}`);
    }
  });
  afterAll(async () => {
    await opened?.close();
    await server?.stop();
  });
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

function launchBrowser({ lang = 'ko-KR' }: BrowserLanguage): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--lang=${lang}`],
  });
}

/** The harness around a launched browser, against the server at `baseUrl`. */
export function openBrowser(browser: Browser, baseUrl: string, { lang = 'ko-KR' }: BrowserLanguage = {}): OpenedBrowser {
  const contexts: BrowserContext[] = [];
  let pages: Page[] = [];
  const e2e: OpenedBrowser = {
    baseUrl,
    browser,
    url: (pathname) => new URL(pathname, baseUrl).toString(),
    newPage: async (opts = {}) => {
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
        locale: lang,
        timezoneId: 'Asia/Seoul',
        // The accessibility check injects axe as an inline script, which the app's CSP forbids;
        // security-headers.e2e.ts loads the app without this bypass.
        bypassCSP: true,
      });
      contexts.push(context);
      const page = await context.newPage();
      pages.push(page);
      return page;
    },
    signedIn: async (role, opts = {}) => {
      const page = await e2e.newPage(opts);
      const res = await page.request.post('/api/auth/login', { data: DEMO_ACCOUNTS[role] });
      if (!res.ok()) throw new Error(`로그인 실패 (${role}): ${res.status()} ${await res.text()}`);
      const reply = (await res.json()) as TokenReply;
      const restored = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/refresh');
      await page.goto(opts.at ?? landingPath({ userType: reply.userType, isAdminLevel: reply.taInfo?.isAdminLevel ?? false }));
      const refresh = await restored;
      if (!refresh.ok()) throw new Error(`세션 복원 실패 (${role}): ${refresh.status()}`);
      return page;
    },
    /** The pages opened since the last call (the test that just ended). */
    takePages: () => {
      const taken = pages;
      pages = [];
      return taken;
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

/**
 * Runs axe-core (shipped as an npm package, nothing is fetched; its stable WCAG 2.0/2.1 A and AA
 * rules, rules axe itself marks experimental left out) on the page as it is now and returns the
 * violations as "rule (impact) help: target" lines, so a failing assertion names what to fix. Scan
 * every page a test visits, once it shows what the test is about. `include` limits the scan to the
 * parts a test is about (a section one area adds to another area's page), `exclude` leaves out
 * parts the page does not own (CSS selectors), `disable` turns rules off for a screen with a known,
 * reported finding (say which in a comment):
 *
 *   expect(await axe(page)).toEqual([]);
 */
export async function axe(page: Page, opts: { include?: string[]; exclude?: string[]; disable?: string[] } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  // Colours are judged as they end up, not halfway through a fade or a ripple: transitions are off
  // while axe runs, so a change that lands during the scan (a button enabled once its data arrives)
  // shows its final colours at once, and running animations are waited out.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  const result = await page.evaluate(
    async ({ include, exclude, disable }) => {
      type Result = { violations: { id: string; impact: string | null; help: string; tags: string[]; nodes: { target: string[] }[] }[] };
      const w = window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<Result> } };
      return w.axe.run(
        { include: (include.length ? include : ['body']).map((e) => [e]), exclude: exclude.map((e) => [e]) },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: Object.fromEntries(disable.map((id) => [id, { enabled: false }])), resultTypes: ['violations'] },
      );
    },
    { include: opts.include ?? [], exclude: opts.exclude ?? [], disable: opts.disable ?? [] },
  );
  await still.evaluate((el) => el.parentNode?.removeChild(el)).catch(() => {});
  // From now until the DOM changes, the page is as scanned (the end-of-test scan skips it then).
  await page.evaluate(() => {
    const w = window as { __axeUnchanged?: boolean; __axeWatch?: MutationObserver };
    w.__axeWatch ??= new MutationObserver(() => (w.__axeUnchanged = false));
    w.__axeWatch.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    w.__axeUnchanged = true;
  });
  return result.violations
    .filter((v) => !v.tags.includes('experimental'))
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${v.help}: ${n.target.join(' ')}`));
}

/** Fails with a readable list when the page has accessibility violations (`where` names the screen). */
export async function expectAccessible(page: Page, where: string, opts: Parameters<typeof axe>[1] = {}): Promise<void> {
  const violations = await axe(page, opts);
  if (violations.length) throw new Error(`접근성 위반 (${where}):\n- ${violations.slice(0, 20).join('\n- ')}`);
}

// ─── date and time fields ───────────────────────────────────────────────────────────────────────

/**
 * Types a value into one of the app's date/time pickers (components/date-field.tsx) the way a user
 * does, section by section: "2026-12-28", "19:30" or "2026-12-28T19:30". `field` is the picker's
 * root (its testId). The date goes in as digits; the time as 오전/오후, hour, minute.
 */
export async function fillPicker(field: Locator, value: string): Promise<void> {
  const page = field.page();
  const sections = field.locator('[role=spinbutton]');
  const count = await sections.count();
  const date = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  const time = /\d{2}:\d{2}$/.exec(value)?.[0];
  // Each part goes into its own section, emptied first (typing into a filled one may add to it). The
  // weekday section is left alone: the picker derives it, and an emptied one moves the date to Sunday.
  const put = async (index: number, text: string) => {
    await sections.nth(index).click();
    await page.keyboard.press('Backspace');
    await sections.nth(index).click();
    await page.keyboard.type(text);
  };
  if (date) {
    // Without leading zeros: a lone "0" may be taken as a whole section.
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    await put(0, String(year));
    await put(1, String(month));
    await put(2, String(day));
  }
  if (time) {
    const [hour, minute] = time.split(':').map(Number) as [number, number];
    for (const i of [count - 3, count - 2, count - 1]) {
      await sections.nth(i).click();
      await page.keyboard.press('Backspace');
    }
    await sections.nth(count - 2).click();
    await page.keyboard.type(String(hour % 12 || 12));
    await sections.nth(count - 1).click();
    await page.keyboard.type(String(minute).padStart(2, '0'));
    // "오" picks 오전; an arrow key then turns it to 오후 (a key press the field always takes).
    await sections.nth(count - 3).click();
    await page.keyboard.type('오');
    if (hour >= 12) await page.keyboard.press('ArrowUp');
  }
  // Leave the field, as a user moving on does (a form checks a field as it is left).
  await page.keyboard.press('Tab');
}

/** The text a picker shows (its sections, without the label or direction marks). */
export async function pickerText(field: Locator): Promise<string> {
  const text = await field.evaluate((el) => (el.matches('.MuiPickersSectionList-root') ? el : el.querySelector('.MuiPickersSectionList-root'))?.textContent ?? '');
  return text.replace(/[\u200e\u2066-\u2069]/g, '').trim();
}
