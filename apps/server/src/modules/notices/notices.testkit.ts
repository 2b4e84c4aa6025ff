import { noticesApi } from '@academy/contracts/notices';
import type { TestApp } from '../../../test/harness.ts';

/** Sets the staff notice (조교 첫 화면) or the clinic notice (학생 예약 화면) as an admin. */
export async function setNotice(t: TestApp, opts: { adminToken: string; which: 'staff' | 'clinic'; content: string }): Promise<void> {
  const endpoint = opts.which === 'staff' ? noticesApi.updateStaff : noticesApi.updateClinic;
  await t.api(endpoint, { token: opts.adminToken, body: { content: opts.content } });
}
