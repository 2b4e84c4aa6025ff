import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Every SPEC §7 video call (videos/info, videos/download, /sp video-progress GET and POST) is in the OpenAPI document. */
const SPEC_CALLS = [
  'GET /api/lectures/{id}/weekly-lectures/{wlId}/videos/info',
  'GET /api/lectures/{id}/weekly-lectures/{wlId}/videos/download',
  'GET /api/sp/video-progress',
  'POST /api/sp/video-progress',
  'POST /api/sp/video-progress/beacon',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every video call of SPEC §7, with a Korean summary', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json as { paths: Record<string, Record<string, { summary?: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, summary: op.summary ?? '' })));
    const keys = new Set(documented.map((d) => d.key));
    expect(SPEC_CALLS.filter((c) => !keys.has(c))).toEqual([]);
    for (const c of SPEC_CALLS) expect(documented.find((d) => d.key === c)!.summary).toMatch(/[가-힣]/);
  });
});
