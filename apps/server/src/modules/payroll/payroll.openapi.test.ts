import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Every SPEC §7 call of TA work and pay (issue: TA work and pay) is in the OpenAPI document. */
const SPEC_CALLS = [
  'GET /api/supervisor/work-in-out',
  'POST /api/supervisor/work-in-v2',
  'POST /api/supervisor/work-out-v2',
  'GET /api/supervisor/my-pay-info',
  'GET /api/supervisor/expense-claim',
  'POST /api/supervisor/expense-claim',
  'PUT /api/supervisor/expense-claim/{id}',
  'DELETE /api/supervisor/expense-claim/{id}',
  'GET /api/admin/payroll-info',
  'GET /api/admin/work-in-out',
  'POST /api/admin/work-in-out',
  'PUT /api/admin/work-in-out/{id}',
  'DELETE /api/admin/work-in-out/{id}',
  'GET /api/admin/ta',
  'POST /api/admin/ta',
  'PUT /api/admin/ta/{id}',
  'DELETE /api/admin/ta/{id}',
  'PUT /api/admin/ta/{id}/toggle-status',
  'PUT /api/admin/ta/{id}/wage',
  'GET /api/admin/hourly-wage-types',
  'POST /api/admin/hourly-wage-types',
  'PUT /api/admin/hourly-wage-types/{id}',
  'DELETE /api/admin/hourly-wage-types/{id}',
  'GET /api/admin/ta-monthly-custom-wage',
  'POST /api/admin/ta-monthly-custom-wage',
  'PUT /api/admin/ta-monthly-custom-wage/{id}',
  'DELETE /api/admin/ta-monthly-custom-wage/{id}',
  'POST /api/supervisor/change-supervisor-password/{id}',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every TA work and pay call of SPEC §7, with a Korean summary', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json as { paths: Record<string, Record<string, { summary?: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, summary: op.summary ?? '' })));
    const keys = new Set(documented.map((d) => d.key));
    expect(SPEC_CALLS.filter((c) => !keys.has(c))).toEqual([]);
    for (const c of SPEC_CALLS) expect(documented.find((d) => d.key === c)!.summary).toMatch(/[가-힣]/);
  });
});
