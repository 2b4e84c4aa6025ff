import { studentRecordsApi } from '@academy/contracts/student-records';
import type { TestApp } from '../../../test/harness.ts';

/** A memo on a student's record, written by staff. */
export function makeMemo(t: TestApp, opts: { token: string; studentId: number; content?: string }) {
  return t.api(studentRecordsApi.createMemo, { token: opts.token, params: { id: opts.studentId }, body: { content: opts.content ?? '상담 후 숙제량 조절' } });
}
