import { authApi } from '@academy/contracts/auth';
import { initialStudentPassword, studentsApi } from '@academy/contracts/students';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallError, createTestApp, type TestApp } from '../../../test/harness.ts';
import { makeStudent } from '../students/students.testkit.ts';
import { makeStaff, type TestAccount } from '../users/users.testkit.ts';

let t: TestApp;
let admin: TestAccount;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  ({ admin } = await makeStaff(t));
}, 60_000);
afterAll(() => t.close());

const signIn = (loginId: string, password: string) =>
  t.api(authApi.login, { body: { loginId, password } }).then(
    (r) => ({ status: 200, token: r.accessToken }),
    (err: ApiCallError) => ({ status: err.error.status, token: '' }),
  );
const me = (token: string) => t.api(authApi.me, { token });
const change = (token: string, body: { currentPassword: string; newPassword: string }) => t.apiError(authApi.changeOwnPassword, { token, body });

describe('POST /api/sp/change-password', () => {
  it('a student on the initial password is flagged, changes it, and a staff reset brings the initial password and the flag back', async () => {
    const s = await makeStudent(t, { token: admin.token, loginId: 'pwkid01', phone: '010-2222-3344' });
    const initial = initialStudentPassword({ phone: '01022223344', loginId: 'pwkid01' });
    expect(initial).toBe('3344pwkid01');

    const first = await signIn('pwkid01', initial);
    expect(first.status).toBe(200);
    expect(await me(first.token)).toMatchObject({ passwordIsInitial: true });

    expect(await change(first.token, { currentPassword: 'nope-1234!', newPassword: 'newpass-55!' })).toMatchObject({ status: 400, code: 'auth.current_password_wrong', issues: [{ path: 'currentPassword' }] });
    expect(await change(first.token, { currentPassword: initial, newPassword: initial })).toMatchObject({ status: 400, issues: [{ path: 'newPassword' }] });
    expect((await change(first.token, { currentPassword: initial, newPassword: 'a' })).status).toBe(400);

    await t.api(authApi.changeOwnPassword, { token: first.token, body: { currentPassword: initial, newPassword: 'newpass-55!' } });
    expect((await signIn('pwkid01', initial)).status).toBe(401);
    const second = await signIn('pwkid01', 'newpass-55!');
    expect(second.status).toBe(200);
    expect(await me(second.token)).toMatchObject({ passwordIsInitial: false });

    await t.api(studentsApi.batchChangePassword, { token: admin.token, body: { ids: [s.id] } });
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
    expect((await t.apiError(authApi.changeOwnPassword, { body: { currentPassword: 'x', newPassword: 'newpass-55!' } })).status).toBe(401);
    const s = await makeStudent(t, { token: admin.token, loginId: 'pwkid03', phone: '010-2222-7788' });
    const session = await signIn(s.loginId, '7788pwkid03');
    // Without the current password, which the contract requires: sent by hand.
    const missing = await t.call('POST', '/api/sp/change-password', session.token, { newPassword: 'newpass-55!' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ issues: [{ path: 'currentPassword' }] });
  });
});
