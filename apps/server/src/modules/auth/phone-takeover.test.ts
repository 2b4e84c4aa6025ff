import { authApi } from '@academy/contracts/auth';
import { studentsApi } from '@academy/contracts/students';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';
import { textsTo } from '../sms/sms.testkit.ts';
import { resetUuidIn } from './auth.testkit.ts';

/**
 * A TA may change a student's phone, but not to take over the account through
 * find-password. The change ends outstanding reset links, tells the old number, and holds reset
 * links to a number set by staff below ADMIN for 7 days (an admin resets the password meanwhile).
 */

let t: TestApp;
let staff: { admin: TestAccount; ta: TestAccount };

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  staff = await makeStaff(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const texts = (userId: number, purpose: string) => textsTo(t, { userId, purpose });
const findPassword = (loginId: string, phone: string) => t.api(authApi.findPassword, { body: { loginId, phone } });
const setPhone = (token: string, id: number, body: { phone: string; school?: string }) => t.api(studentsApi.update, { token, params: { id }, body });

describe('changing a student phone', () => {
  it('a TA changing the phone cannot receive a reset link, the old number is told, and older links die', async () => {
    const s = await makeStudent(t, { token: staff.admin.token, phone: '010-3100-0001' });
    await findPassword(s.loginId, '010-3100-0001');
    const [oldLink] = await texts(s.id, 'password_reset');
    expect(oldLink).toBeDefined();

    await setPhone(staff.ta.token, s.id, { phone: '010-6666-0001' });

    const [notice] = await texts(s.id, 'phone_changed');
    expect(notice).toMatchObject({ toPhone: '01031000001' });
    expect(notice!.body).toContain('전화번호가 변경되었습니다');

    await findPassword(s.loginId, '010-6666-0001');
    expect(await texts(s.id, 'password_reset')).toHaveLength(1);

    const uuid = resetUuidIn(oldLink!.body);
    expect((await t.apiError(authApi.checkResetLink, { params: { uuid } })).code).toBe('auth.reset_link_invalid');
    expect((await t.apiError(authApi.resetPassword, { body: { uuid, newPassword: 'taken-over-1!' } })).code).toBe('auth.reset_link_invalid');

    // After the hold, the (by then confirmed) number works as any other.
    t.clock.advance(7 * 86_400_000 + 1000);
    await findPassword(s.loginId, '010-6666-0001');
    const links = await texts(s.id, 'password_reset');
    expect(links).toHaveLength(2);
    expect(links[1]!.toPhone).toBe('01066660001');
  });

  it('an admin changing the phone is not held (an admin may reset the password anyway)', async () => {
    const s = await makeStudent(t, { token: staff.admin.token, phone: '010-3100-0002' });
    await setPhone(staff.admin.token, s.id, { phone: '010-6666-0002' });
    await findPassword(s.loginId, '010-6666-0002');
    expect(await texts(s.id, 'password_reset')).toHaveLength(1);
    expect(await texts(s.id, 'phone_changed')).toHaveLength(1);
  });

  it('an edit that keeps the phone changes nothing', async () => {
    const s = await makeStudent(t, { token: staff.admin.token, phone: '010-3100-0003' });
    await setPhone(staff.ta.token, s.id, { phone: '010-3100-0003', school: '휘문고' });
    expect(await texts(s.id, 'phone_changed')).toHaveLength(0);
    await findPassword(s.loginId, '010-3100-0003');
    expect(await texts(s.id, 'password_reset')).toHaveLength(1);
  });
});
