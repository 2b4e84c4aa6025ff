import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/**
 * Every board and SMS call of SPEC §7 (GET, POST, PUT, DELETE /board/{id}; answer CRUD; sort-order
 * PUT; file upload; POST /sms/send) and the link area's week page are in the OpenAPI document.
 */
const SPEC_CALLS = [
  'GET /api/board',
  'POST /api/board',
  'GET /api/board/{id}',
  'PUT /api/board/{id}',
  'DELETE /api/board/{id}',
  'POST /api/board/{id}/unlock',
  'POST /api/board/{id}/answers',
  'PUT /api/board/answers/{id}',
  'DELETE /api/board/answers/{id}',
  'PUT /api/board/sort-order',
  'POST /api/board/files/upload-url',
  'PUT /api/board/files/{id}/upload-done',
  'POST /api/sms/send',
  'POST /api/sms/preview',
  'GET /api/sms/messages',
  'POST /api/sms/messages/resend',
  'GET /api/sms/settings',
  'PUT /api/sms/settings',
  'GET /api/link/week/{token}',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every board and SMS call, with a Korean summary', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json as { paths: Record<string, Record<string, { summary?: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, summary: op.summary ?? '' })));
    const keys = new Set(documented.map((d) => d.key));
    expect(SPEC_CALLS.filter((c) => !keys.has(c))).toEqual([]);
    for (const c of SPEC_CALLS) expect(documented.find((d) => d.key === c)!.summary).toMatch(/[가-힣]/);
  });
});
