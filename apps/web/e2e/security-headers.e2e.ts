import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { browserForFile, DEMO_ACCOUNTS, expectAccessible, type Role } from './harness.ts';

/**
 * Issue 16, item 7: the server sends a Content-Security-Policy (and X-Frame-Options, HSTS …), and
 * the built app runs under it: signing in and the landing pages raise no CSP violation.
 */

const e2e = browserForFile();
const strictContexts: { close: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const c of strictContexts) await c.close().catch(() => {});
});

/** A page that obeys the CSP (the harness's pages bypass it for axe), with the violations it reports. */
async function strictPage(): Promise<{ page: Page; violations: string[] }> {
  const context = await e2e.browser.newContext({ baseURL: e2e.baseUrl, locale: 'ko-KR', timezoneId: 'Asia/Seoul', viewport: { width: 1440, height: 900 } });
  strictContexts.push(context);
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => violations.push(`pageerror: ${e.message}`));
  return { page, violations };
}

async function signIn(page: Page, role: Role): Promise<void> {
  await page.getByTestId('login-id').fill(DEMO_ACCOUNTS[role].loginId);
  await page.getByTestId('login-password').fill(DEMO_ACCOUNTS[role].password);
  await page.getByTestId('login-password').press('Enter');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

describe('security headers', () => {
  test('the app page carries a CSP that forbids framing and foreign scripts', async () => {
    const { page } = await strictPage();
    const res = await page.goto('/login');
    const headers = res!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=/);
  });

  for (const [role, ready] of [['ta', 'user-name'], ['student', 'portal-greeting']] as const) {
    test(`${role}: signing in and the landing page run without a CSP violation`, async () => {
      const { page, violations } = await strictPage();
      await page.goto('/login');
      await page.getByTestId('login-id').waitFor();
      await signIn(page, role);
      await page.getByTestId(ready).filter({ hasText: /\S/ }).first().waitFor();
      expect(violations).toEqual([]);
      // The same screen, checked for accessibility (axe needs the harness's CSP bypass).
      const checked = await e2e.signedIn(role);
      await checked.getByTestId(ready).filter({ hasText: /\S/ }).first().waitFor();
      await expectAccessible(checked, `${role} landing page`);
    });
  }
});
