import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { smsAttempts, smsOutbox } from './sms.table.ts';

/**
 * The outbox on the job system with the default driver (outbox: stored, nothing leaves). Each
 * message is its own job: it is sent once, in the transaction that asked for it, and its result is
 * kept with every attempt.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t.close());

const message = (id: number) => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)).then((r) => r[0]!);
const attempts = (id: number) => t.ctx.db.select().from(smsAttempts).where(eq(smsAttempts.messageId, id));
const settledStatus = (id: number) => expect.poll(async () => (await message(id)).status, { timeout: 20_000, interval: 100 });

describe('sms outbox', () => {
  it('delivers a queued text once, through a job, and keeps the result and the attempt', async () => {
    const queued = await t.ctx.sms.queue({ toPhone: '010-2000-0001', body: '[학원] 안녕하세요', purpose: 'test' });
    expect(queued).not.toBeNull();
    await settledStatus(queued!.id).toBe('sent');
    const m = await message(queued!.id);
    expect(m).toMatchObject({ toPhone: '01020000001', kind: 'SMS', provider: 'outbox', attempts: 1 });
    expect(m.result).toContain('outbox');
    expect((await attempts(m.id)).map((a) => a.outcome)).toEqual(['sent']);
  });

  it('signs a signed text with the center name, "학원" until the center saves one, and leaves the others as written', async () => {
    const { ids } = await t.ctx.sms.queueMany([
      { toPhone: '01020000010', body: '내일 보강이 있습니다', purpose: 'test-signed', signed: true },
      { toPhone: '01020000011', body: '[별도] 서명 없이 보낸 문자', purpose: 'test-signed' },
    ]);
    expect((await Promise.all(ids.map(message))).map((m) => m.body)).toEqual(['[학원] 내일 보강이 있습니다', '[별도] 서명 없이 보낸 문자']);
  });

  it('texts nobody when the change that queued it rolls back', async () => {
    await t.ctx.db
      .transaction(async () => {
        await t.ctx.sms.queue({ toPhone: '01020000002', body: '롤백될 문자', purpose: 'test-rollback' });
        throw new Error('undo');
      })
      .catch(() => {});
    expect(await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'test-rollback'))).toEqual([]);
  });

  it('queues a message with a given key once: an event that must text once cannot text twice', async () => {
    const first = await t.ctx.sms.queue({ toPhone: '01020000003', body: '결석 안내', purpose: 'test', key: 'absence:1:2' });
    const second = await t.ctx.sms.queue({ toPhone: '01020000003', body: '결석 안내', purpose: 'test', key: 'absence:1:2' });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.key, 'absence:1:2'))).toHaveLength(1);
  });

  it('sends a long text as LMS and many texts in one go, each once', async () => {
    const long = `[학원] ${'가'.repeat(60)}`;
    const { ids } = await t.ctx.sms.queueMany(Array.from({ length: 25 }, (_, i) => ({ toPhone: `0102100${String(i).padStart(4, '0')}`, body: i === 0 ? long : `짧은 문자 ${i}`, purpose: 'test-many' })));
    expect(ids).toHaveLength(25);
    await expect.poll(async () => (await t.ctx.db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids))).filter((m) => m.status === 'sent').length, { timeout: 30_000, interval: 200 }).toBe(25);
    expect((await message(ids[0]!)).kind).toBe('LMS');
    const sent = await t.ctx.db.select().from(smsAttempts).where(inArray(smsAttempts.messageId, ids));
    expect(sent.filter((a) => a.outcome === 'sent')).toHaveLength(25);
  });

  it('keeps a scheduled text until its time, and a cancelled one never goes', async () => {
    const later = new Date(t.clock.now.getTime() + 3_600_000);
    const a = await t.ctx.sms.queue({ toPhone: '01020000004', body: '예약 문자', purpose: 'test', sendAfter: later, batchId: 9_001 });
    expect((await message(a!.id)).status).toBe('queued');
    expect(await t.ctx.sms.cancel({ batchId: 9_001 })).toBe(1);
    const m = await message(a!.id);
    expect(m.status).toBe('cancelled');
    expect(await attempts(m.id)).toEqual([]);
  });

  it('holds advertising back between 21:00 and 08:00 (정보통신망법 제50조) and sends it from 08:00', async () => {
    const saved = t.clock.now;
    // 22:30 in Korea.
    t.clock.now = new Date('2026-11-20T13:30:00Z');
    try {
      const ad = await t.ctx.sms.queue({ toPhone: '01020000005', body: '(광고)한빛학원 겨울 특강 안내\n무료수신거부 080-000-0000', purpose: 'test', advertising: true });
      await expect.poll(async () => (await attempts(ad!.id)).map((x) => x.outcome), { timeout: 20_000, interval: 100 }).toEqual(['deferred']);
      const m = await message(ad!.id);
      expect(m.status).toBe('queued');
      expect(m.sendAfter.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    } finally {
      t.clock.now = saved;
    }
  });

  it('refuses what no carrier takes: an empty text, one over 2,000 bytes, or no phone number', async () => {
    await expect(t.ctx.sms.queue({ toPhone: '01020000006', body: '  ', purpose: 'test' })).rejects.toThrow(/empty/);
    await expect(t.ctx.sms.queue({ toPhone: '01020000006', body: '가'.repeat(1001), purpose: 'test' })).rejects.toThrow(/2000 bytes/);
    await expect(t.ctx.sms.queue({ toPhone: '12345', body: '안녕', purpose: 'test' })).rejects.toThrow(/phone/);
  });
});
