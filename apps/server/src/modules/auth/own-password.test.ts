import { initialStudentPassword } from '@academy/contracts/students';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());

const signIn = async (loginId: string, password: string) => {
  const res = await t.call('POST', '/api/auth/login', undefined, { loginId, password });
  return { status: res.status, token: (res.json as { accessToken?: string }).accessToken ?? '' };
};
const me = async (token: string) => (await t.call('GET', '/api/auth/me', token)).json as { passwordIsInitial: boolean };

describe('POST /api/sp/change-password', () => {
  it('a student on the initial password is flagged, changes it, and a staff reset brings the initial password and the flag back', async () => {
    const s = await makeStudent(t, { token: admin.token, loginId: 'pwkid01', phone: '010-2222-3344' });
    const initial = initialStudentPassword({ phone: '01022223344', loginId: 'pwkid01' });
    expect(initial).toBe('3344pwkid01');

    const first = await signIn('pwkid01', initial);
    expect(first.status).toBe(200);
    expect(await me(first.token)).toMatchObject({ passwordIsInitial: true });

    const wrong = await t.call('POST', '/api/sp/change-password', first.token, { currentPassword: 'nope-1234!', newPassword: 'newpass-55!' });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ code: 'auth.current_password_wrong', issues: [{ path: 'currentPassword' }] });

    const same = await t.call('POST', '/api/sp/change-password', first.token, { currentPassword: initial, newPassword: initial });
    expect(same.status).toBe(400);
    expect(same.json).toMatchObject({ issues: [{ path: 'newPassword' }] });

    const weak = await t.call('POST', '/api/sp/change-password', first.token, { currentPassword: initial, newPassword: 'a' });
    expect(weak.status).toBe(400);

    const ok = await t.call('POST', '/api/sp/change-password', first.token, { currentPassword: initial, newPassword: 'newpass-55!' });
    expect(ok.status).toBe(200);
    expect((await signIn('pwkid01', initial)).status).toBe(401);
    const second = await signIn('pwkid01', 'newpass-55!');
    expect(second.status).toBe(200);
    expect(await me(second.token)).toMatchObject({ passwordIsInitial: false });

    const reset = await t.call('POST', '/api/students/batch-change-password', admin.token, { ids: [s.id] });
    expect(reset.status).toBe(200);
    expect((await signIn('pwkid01', 'newpass-55!')).status).toBe(401);
    const third = await signIn('pwkid01', initial);
    expect(third.status).toBe(200);
    expect(await me(third.token)).toMatchObject({ passwordIsInitial: true });
  });

  it('a student who chose a password is not flagged', async () => {
    await makeStudent(t, { token: admin.token, loginId: 'pwkid02', phone: '010-2222-5566', password: 'chosen-pass-1!' });
    const s = await signIn('pwkid02', 'chosen-pass-1!');
    expect(await me(s.token)).toMatchObject({ passwordIsInitial: false });
  });

  it('needs a signed-in user and both fields', async () => {
    expect((await t.call('POST', '/api/sp/change-password', undefined, { currentPassword: 'x', newPassword: 'newpass-55!' })).status).toBe(401);
    const s = await makeStudent(t, { token: admin.token, loginId: 'pwkid03', phone: '010-2222-7788' });
    const session = await signIn(s.loginId, '7788pwkid03');
    const missing = await t.call('POST', '/api/sp/change-password', session.token, { newPassword: 'newpass-55!' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ issues: [{ path: 'currentPassword' }] });
  });
});
