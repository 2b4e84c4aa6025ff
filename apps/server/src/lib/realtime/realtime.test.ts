import { clinicSeatsTopic } from '@academy/contracts/clinic';
import { lectureTopic } from '@academy/contracts/lectures';
import { defineTopic } from '@academy/contracts/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { realtimeEvents } from './realtime.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

const lock = { examId: 1, userId: 2, holderId: 3, holderName: '박조교', expiresAt: '2026-11-23T10:00:00.000Z' };

describe('typed realtime: every event is one of its topic\'s schemas', () => {
  it('stores and delivers an event that matches its schema', async () => {
    const seen: unknown[] = [];
    const stop = t.ctx.realtime.subscribe([lectureTopic.of(77).name], (e) => seen.push(e));
    await t.ctx.realtime.publish(lectureTopic.of(77), { type: 'lock', data: lock });
    const [row] = (await t.database.db.select().from(realtimeEvents)).filter((r) => r.topic === 'lecture:77');
    expect(row).toMatchObject({ type: 'lock', data: lock });
    await expect.poll(() => seen.length).toBe(1);
    stop();
  });

  it('refuses an event whose data does not match, naming the field, and stores nothing', async () => {
    const before = (await t.database.db.select().from(realtimeEvents)).length;
    const wrong = { ...lock, holderName: 7 } as unknown as typeof lock;
    await expect(t.ctx.realtime.publish(lectureTopic.of(77), { type: 'lock', data: wrong })).rejects.toThrow(/'lecture' event 'lock' does not match its schema: holderName/);
    expect((await t.database.db.select().from(realtimeEvents)).length).toBe(before);
  });

  it('refuses a type its topic does not carry, and a kind no module declared', async () => {
    const event = { type: 'seats', data: { slotId: 1, reserved: 1, capacity: 3 } } as unknown as { type: 'refresh'; data: object };
    await expect(t.ctx.realtime.publish(lectureTopic.of(77), event)).rejects.toThrow(/'lecture' topics carry no 'seats' event/);
    const stray = defineTopic('stray', { ping: z.object({}) });
    await expect(t.ctx.realtime.publish(stray.of(1), { type: 'ping', data: {} })).rejects.toThrow(/'stray' is not declared/);
  });

  it('types publish by the topic: a wrong event does not compile', () => {
    const typed = () => {
      // @ts-expect-error -- a seat count is not an event of the lecture topic
      void t.ctx.realtime.publish(lectureTopic.of(1), { type: 'seats', data: { slotId: 1, reserved: 1, capacity: 3 } });
      // @ts-expect-error -- the seats event needs its capacity
      void t.ctx.realtime.publish(clinicSeatsTopic.of('2026-11-23'), { type: 'seats', data: { slotId: 1, reserved: 1 } });
      void t.ctx.realtime.publish(clinicSeatsTopic.of('2026-11-23'), { type: 'seats', data: { slotId: 1, reserved: 1, capacity: 3 } });
    };
    expect(typeof typed).toBe('function');
  });
});
