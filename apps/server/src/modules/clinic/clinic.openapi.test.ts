import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** Every SPEC §7 call of clinic and counsel (issue: clinic and counsel) is in the OpenAPI document. */
const SPEC_CALLS = [
  // Clinic: slot CRUD, participants, todo-status, move slot, grade-submit, marks, copy by day,
  // daily-status, TA assignment and counts, memo by day.
  'GET /api/clinic/slots',
  'POST /api/clinic/slots',
  'PUT /api/clinic/slots/{id}',
  'DELETE /api/clinic/slots/{id}',
  'GET /api/clinic/slots/{id}/participants',
  'POST /api/clinic/slots/{id}/participants',
  'DELETE /api/clinic/participants/{id}',
  'PUT /api/clinic/participants/{id}/todo-status',
  'POST /api/clinic/participants/{id}/move/{slotId}',
  'POST /api/clinic/participants/{id}/grade-submit',
  'POST /api/clinic/participants/{id}/arrival',
  'POST /api/clinic/participants/{id}/arrival/cancel',
  'POST /api/clinic/participants/{id}/departure',
  'POST /api/clinic/participants/{id}/hurry',
  'POST /api/clinic/slots/copy-by-day',
  'GET /api/clinic/daily-status',
  'PUT /api/clinic/slots/{id}/ta',
  'GET /api/clinic/ta-counts',
  'GET /api/clinic/days',
  'PUT /api/clinic/days/{date}',
  // Admin: the clinic notice students read where they book.
  'PUT /api/admin/clinic-notice',
  // Portal: clinic-slot reserve and cancel, counsel-slot reserve (counselType) and cancel.
  'POST /api/sp/clinic-slot/{id}/reserve',
  'POST /api/sp/clinic-slot/{id}/cancel',
  'POST /api/sp/counsel-slot/{id}/reserve',
  'POST /api/sp/counsel-slot/{id}/cancel',
  // Staff side of counsel: slot CRUD, the day's list, the note after the session.
  'GET /api/counsel/slots',
  'POST /api/counsel/slots',
  'PUT /api/counsel/slots/{id}',
  'DELETE /api/counsel/slots/{id}',
  'GET /api/counsel/daily',
  'PUT /api/counsel/participants/{id}/note',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents every clinic and counsel call of SPEC §7, with a Korean summary, and the daily-status query', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json as { paths: Record<string, Record<string, { summary?: string; parameters?: { name: string; in: string }[] }>> };
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, summary: op.summary ?? '' })));
    const keys = new Set(documented.map((d) => d.key));
    expect(SPEC_CALLS.filter((c) => !keys.has(c))).toEqual([]);
    for (const c of SPEC_CALLS) expect(documented.find((d) => d.key === c)!.summary).toMatch(/[가-힣]/);
    const daily = doc.paths['/api/clinic/daily-status']!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(daily.sort()).toEqual(['endDate', 'reserveType', 'startDate']);
    const reserve = JSON.stringify(doc.paths['/api/sp/counsel-slot/{id}/reserve']);
    expect(reserve).toContain('counselType');
  });
});
