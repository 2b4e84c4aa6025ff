import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from './tokens.ts';

const secret = 'tokens-test-secret-tokens-test-secret-0123';
const signer = createTokenSigner(secret);
const b64 = (v: unknown) => Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
const claims = { userId: 42, loginId: 'ta01', userType: 'TA' as const, isAdminLevel: false, sessionVersion: 3 };
/** A token signed by hand with our secret: header and payload as given. */
const handMade = (header: unknown, payload: unknown) => {
  const body = `${b64(header)}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};
const future = () => Math.floor(Date.now() / 1000) + 60;

describe('access tokens', () => {
  it('verifies what it signed, with every claim', async () => {
    expect(signer.verify(await signer.sign(claims))).toEqual({ ok: true, claims });
  });

  it('an expired token is told apart from a bad one', async () => {
    const expired = await new SignJWT({ lid: 'ta01', typ: 'TA', adm: false, sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject('42').setExpirationTime(Math.floor(Date.now() / 1000) - 1).sign(new TextEncoder().encode(secret));
    expect(signer.verify(expired)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses other algorithms, other keys, changed payloads and malformed tokens', async () => {
    const good = await signer.sign(claims);
    const [h, p, s] = good.split('.');
    const payload = { sub: '42', lid: 'ta01', typ: 'ADMIN', adm: true, sv: 3, exp: future() };
    const refused = [
      `${b64({ alg: 'none' })}.${b64(payload)}.`,
      handMade({ alg: 'HS512' }, payload),
      handMade({ alg: 'HS256', kid: 'other' }, payload),
      `${h}.${b64(payload)}.${s}`,
      await createTokenSigner('another-secret-another-secret-another-1234').sign(claims),
      `${h}.${p}`,
      `${h}.${p}.${s}.extra`,
      `${h}..${s}`,
      'not-a-token',
      handMade({ alg: 'HS256' }, { sub: '42', typ: 'TA' }),
      handMade({ alg: 'HS256' }, { sub: 'x', typ: 'TA', exp: future() }),
      handMade({ alg: 'HS256' }, { sub: '42', typ: 'ROOT', exp: future() }),
      handMade({ alg: 'HS256' }, 'just text'),
    ];
    for (const token of refused) expect(signer.verify(token), token).toEqual({ ok: false, reason: 'invalid' });
    expect(signer.verify(handMade({ alg: 'HS256', typ: 'JWT' }, payload))).toMatchObject({ ok: true, claims: { userType: 'ADMIN' } });
  });
});
