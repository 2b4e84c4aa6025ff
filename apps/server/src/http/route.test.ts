import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { makeStaff } from '../modules/users/users.testkit.ts';

/**
 * Multipart bodies are read by upload routes only (route.ts registers the plugin in their own
 * scope): every other route refuses one before any hook of the plugin runs on it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const form = (): { payload: string; headers: Record<string, string> } => {
  const boundary = '----academy-test';
  const payload = [`--${boundary}`, 'Content-Disposition: form-data; name="loginId"', '', 'someone', `--${boundary}--`, ''].join('\r\n');
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

describe('multipart bodies', () => {
  it('a JSON route answers a multipart body with 415 and a Korean message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...form() });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'request.unsupported_media_type', message: '지원하지 않는 Content-Type입니다' });
  });

  it('an upload route still reads one (and asks for the missing file)', async () => {
    const { ta } = await makeStaff(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/students/excel', payload: form().payload, headers: { ...form().headers, authorization: `Bearer ${ta.token}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'upload.required', message: '파일을 선택해 주세요' });
  });
});
