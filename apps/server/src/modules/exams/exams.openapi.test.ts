import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Every SPEC §7 call of weekly tests (issue: exams, scores and retakes) is in the OpenAPI document. */
const SPEC_CALLS = [
  'POST /api/lectures/{id}/weekly-lectures/{wlId}/exams/new',
  'PUT /api/lectures/{id}/weekly-lectures/{wlId}/exams/{examId}',
  'DELETE /api/lectures/{id}/weekly-lectures/{wlId}/exams/{examId}',
  'PUT /api/lectures/{id}/weekly-lectures/{wlId}/exams/{examId}/cutline',
  'GET /api/lectures/{id}/weekly-lectures/{wlId}/student-score',
  'GET /api/lectures/{id}/weekly-lectures/{wlId}/student-score-v2',
  'PUT /api/lectures/{id}/weekly-lectures/{wlId}/student-memo',
  'PUT /api/lectures/{id}/weekly-lectures/{wlId}/score-memo',
  'PUT /api/lectures/{id}/weekly-lectures/{wlId}/sheet-memo',
  'PUT /api/wl-exam/{examId}/answers',
  'POST /api/wl-exam/{examId}/answers/excel',
  'POST /api/wl-exam/{examId}/scores/excel',
  'POST /api/wl-exam/{examId}/copy-wle',
  'POST /api/wl-exam/{examId}/re-grade',
  'PUT /api/wl-exam/change-sequence',
  'PUT /api/wl-exam/{examId}/core-info',
  'POST /api/wl-exam/{examId}/link',
  'POST /api/wl-exam/{examId}/unlink',
  'DELETE /api/wl-exam/{examId}/omr-files',
  'PUT /api/wl-exam/{examId}/ready-to-show',
  'POST /api/wle-retake',
  'PUT /api/wle-retake/{retakeId}',
  'DELETE /api/wle-retake/{retakeId}',
  'POST /api/wle-retake/{retakeId}/map/{examId}',
  'POST /api/wle-retake/{retakeId}/upload-answers-excel',
  'PATCH /api/wl-score/{examId}/{userId}/value',
  'PATCH /api/wl-score/{examId}/{userId}/memo',
  'PATCH /api/wl-score/{examId}/{userId}/delivery-type/{value}',
  'PATCH /api/wl-score/{examId}/{userId}/clinic-status/{value}',
  'PATCH /api/wl-score/{examId}/{userId}/status/{value}',
  'PATCH /api/wl-score/{examId}/{userId}/grade',
  'POST /api/wl-score/{examId}/{userId}/manual-entry',
  'POST /api/wl-score/{examId}/{userId}/retake',
  'POST /api/wl-score/{examId}/{userId}/lock',
  'POST /api/wl-score/{examId}/{userId}/lock/release',
  'DELETE /api/wl-score/{examId}/{userId}/omr',
  'PUT /api/wl-score/batch-update-score-or-status',
  'POST /api/sp/submit-wle/{examId}/done',
  'POST /api/realtime/refresh/{a}/{b}',
  'GET /api/exam-templates/{id}',
  'POST /api/exam-templates',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every weekly-test call of SPEC §7, with a Korean summary', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json as { paths: Record<string, Record<string, { summary?: string }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, summary: op.summary ?? '' })));
    const keys = new Set(documented.map((d) => d.key));
    expect(SPEC_CALLS.filter((c) => !keys.has(c))).toEqual([]);
    for (const c of SPEC_CALLS) expect(documented.find((d) => d.key === c)!.summary).toMatch(/[가-힣]/);
  });
});
