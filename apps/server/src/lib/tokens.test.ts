import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

  describe('a token checked once is remembered by its text', () => {
    afterEach(() => void vi.useRealTimers());

    it('still expires: the second look at a remembered token checks the clock again', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const short = createTokenSigner(secret, 60);
      const token = await short.sign(claims);
      expect(short.verify(token)).toEqual({ ok: true, claims });
      expect(short.verify(token)).toEqual({ ok: true, claims });
      vi.setSystemTime(Date.now() + 61_000);
      expect(short.verify(token)).toEqual({ ok: false, reason: 'expired' });
      expect(short.verify(token)).toEqual({ ok: false, reason: 'expired' });
    });

    it('a changed byte is a different token: refused even after the real one was remembered', async () => {
      const token = await signer.sign(claims);
      expect(signer.verify(token).ok).toBe(true);
      const [h, p, s] = token.split('.');
      const other = `${h}.${b64({ sub: '1', lid: 'admin', typ: 'ADMIN', adm: true, sv: 0, exp: future() })}.${s}`;
      expect(signer.verify(other)).toEqual({ ok: false, reason: 'invalid' });
      expect(signer.verify(`${h}.${p}.${s!.slice(0, -2)}AA`)).toEqual({ ok: false, reason: 'invalid' });
    });

    it('the remembered claims cannot be changed by a caller', async () => {
      const token = await signer.sign(claims);
      const first = signer.verify(token);
      if (!first.ok) throw new Error('refused');
      expect(() => ((first.claims as { userType: string }).userType = 'ADMIN')).toThrow();
      expect(signer.verify(token)).toEqual({ ok: true, claims });
    });
  });
});
