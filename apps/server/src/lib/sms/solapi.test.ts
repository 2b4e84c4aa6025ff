import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startFakeSolapi, type FakeSolapi } from '../../../test/fake-solapi.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsAttempts, smsOutbox } from './sms.table.ts';

/**
 * The solapi driver, through the official SDK, against a local server that speaks SOLAPI's API
 * (test/fake-solapi.ts): what leaves is counted there, so a double send would show. Failures,
 * refusals and timeouts are the provider's; the retry and the resume are ours.
 */
const API = { apiKey: 'NCSTESTKEY', apiSecret: 'TESTSECRET0123456789' };
let fake: FakeSolapi;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeSolapi(API);
  t = await createTestApp({
    seed: false,
    config: { sms: { ratePerSecond: 50, timeoutMs: 1000, prices: { sms: 13, lms: 29, alimtalk: 8 }, driver: { name: 'solapi', ...API, sender: '0212345678', baseUrl: fake.url } } },
    smsTiming: { retryDelaySeconds: 0, statusDelaySeconds: 0 },
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const message = (id: number) => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)).then((r) => r[0]!);
const outcomes = async (id: number) => (await t.ctx.db.select().from(smsAttempts).where(eq(smsAttempts.messageId, id)).orderBy(smsAttempts.id)).map((a) => a.outcome);
const statusOf = (id: number) => expect.poll(async () => (await message(id)).status, { timeout: 30_000, interval: 100 });
const sentTo = (to: string) => fake.sent.filter((s) => s.to === to);

describe('solapi driver', () => {
  it('hands a message to the provider once and records its delivery report', async () => {
    const q = await t.ctx.sms.queue({ toPhone: '010-3000-0001', body: '[학원] 내일 수업은 7시입니다', purpose: 'test' });
    await statusOf(q!.id).toBe('delivered');
    const m = await message(q!.id);
    expect(sentTo('01030000001')).toEqual([{ key: m.key, to: '01030000001', text: '[학원] 내일 수업은 7시입니다', type: 'SMS', groupId: m.providerRef }]);
    expect(m.provider).toBe('solapi');
    expect(await outcomes(m.id)).toEqual(['sent', 'delivered']);
  });

  it('sends a long text as LMS', async () => {
    const body = `[학원] ${'공지사항 안내드립니다. '.repeat(10)}`;
    const q = await t.ctx.sms.queue({ toPhone: '01030000002', body, purpose: 'test' });
    await statusOf(q!.id).toBe('delivered');
    expect(sentTo('01030000002').map((s) => s.type)).toEqual(['LMS']);
  });

  it('fails a number the provider refuses, with its reason, without retrying', async () => {
    const q = await t.ctx.sms.queue({ toPhone: '0311234567', body: '유선 번호로는 못 보냅니다', purpose: 'test' });
    await statusOf(q!.id).toBe('failed');
    expect((await message(q!.id)).result).toContain('유효하지 않은 수신번호');
    expect(await outcomes(q!.id)).toEqual(['failed']);
    expect(sentTo('0311234567')).toEqual([]);
  });

  it('fails at once when the provider refuses the account (no balance), in the provider\'s words', async () => {
    fake.failNext('createGroup', { status: 402, errorCode: 'NotEnoughBalance', errorMessage: '잔액이 부족합니다' });
    const q = await t.ctx.sms.queue({ toPhone: '01030000003', body: '잔액 부족', purpose: 'test' });
    await statusOf(q!.id).toBe('failed');
    expect((await message(q!.id)).result).toBe('제공사가 거절했습니다: 잔액이 부족합니다 (NotEnoughBalance)');
  });

  it('retries after a provider error and still sends once', async () => {
    fake.failNext('sendGroup', { status: 500, errorCode: 'InternalError', errorMessage: '일시적인 오류' });
    const q = await t.ctx.sms.queue({ toPhone: '01030000004', body: '재시도 문자', purpose: 'test' });
    await statusOf(q!.id).toBe('delivered');
    expect(await outcomes(q!.id)).toEqual(['error', 'sent', 'delivered']);
    expect(sentTo('01030000004')).toHaveLength(1);
  });

  it('a send whose answer never comes (timeout) is looked up, not sent again', async () => {
    const { hung, release } = fake.hangNext('sendGroup', { process: true });
    const q = await t.ctx.sms.queue({ toPhone: '01030000005', body: '응답이 없는 발송', purpose: 'test' });
    await hung;
    await statusOf(q!.id).toBe('delivered');
    release();
    expect(await outcomes(q!.id)).toEqual(['resumed', 'delivered']);
    expect(sentTo('01030000005')).toHaveLength(1);
  });

  it('an attempt cut off after the message was added resumes the saved group instead of adding it twice', async () => {
    const { hung, release } = fake.hangNext('addMessages', { process: true });
    const q = await t.ctx.sms.queue({ toPhone: '01030000006', body: '이어서 보내기', purpose: 'test' });
    await hung;
    await statusOf(q!.id).toBe('delivered');
    release();
    const o = await outcomes(q!.id);
    expect(o[0]).toBe('error');
    expect(o.slice(-2)).toEqual(['sent', 'delivered']);
    expect(sentTo('01030000006')).toHaveLength(1);
  });

  it('records a carrier\'s refusal reported after sending', async () => {
    fake.statusFor('01030000007', '3059', '수신 거부');
    const q = await t.ctx.sms.queue({ toPhone: '01030000007', body: '거부된 번호', purpose: 'test' });
    await statusOf(q!.id).toBe('failed');
    expect((await message(q!.id)).result).toBe('수신 거부 (3059)');
    expect(await outcomes(q!.id)).toEqual(['sent', 'undelivered']);
  });

  it('signs every request the way the provider checks (a wrong secret is refused)', async () => {
    expect(fake.calls.length).toBeGreaterThan(0);
    const res = await fetch(`${fake.url}/messages/v4/groups`, { method: 'POST', headers: { authorization: 'HMAC-SHA256 apiKey=NCSTESTKEY, date=2026-01-01T00:00:00Z, salt=abc, signature=00' } });
    expect(res.status).toBe(401);
  });
});
