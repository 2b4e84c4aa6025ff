import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Walks every registered route (every area's, as they are added to buildApp): each must declare
 * who may call it, and each non-open /api route must refuse a caller without a token.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('route permissions', () => {
  it('every registered route declares a permission', () => {
    const undeclared = t.routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(t.routes.length).toBeGreaterThan(10);
  });

  it('every protected /api route answers 401 to a caller without a token', async () => {
    const protectedRoutes = t.routes.filter((r) => r.url.startsWith('/api') && r.permission !== 'open');
    expect(protectedRoutes.length).toBeGreaterThan(3);
    const leaks: string[] = [];
    for (const r of protectedRoutes) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*$/, 'x');
      const res = await t.app.inject({ method: r.method as 'GET', url, payload: ['GET', 'DELETE'].includes(r.method) ? undefined : {} });
      if (res.statusCode !== 401) leaks.push(`${r.method} ${r.url} → ${res.statusCode}`);
    }
    expect(leaks).toEqual([]);
  });
});
