import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import type { SlotBody } from '@academy/contracts/clinic';
import type { DemoSeed } from '../../db/seed/seed.ts';
import type { BookingService } from './booking.service.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import type { SlotService } from './slots.service.ts';

/** Students the browser tests look at by name: the demo leaves their clinics alone. */
const LEFT_ALONE = new Set(['student01', 'student15', 'student17', 'student30']);

const slot = (over: Partial<SlotBody> & Pick<SlotBody, 'date' | 'startTime' | 'endTime'>): SlotBody => ({
  capacity: 20, room: '자습실 A', title: '', taId: null, lectureId: null, reserveType: 'self', opensAt: null, closesAt: null, cancelUntil: null, ...over,
});

/**
 * Two weeks of the demo center's clinics (weekdays 18:00 and 19:30 in 자습실 A, Saturday afternoon
 * in the 3층 자습실, the last one assigned by staff) and counsel hours with 이실장 on Monday and
 * Wednesday; half of the students the weekly tests sent to a clinic are already booked into the
 * first ones.
 */
export async function seedDemoClinic(deps: ClinicDeps & { slots: SlotService; booking: BookingService }, seed: DemoSeed): Promise<void> {
  const { ctx, exams, slots, booking } = deps;
  const actor = { id: seed.accounts.get('manager') ?? seed.accounts.get('admin') ?? 0 };
  const ta = (id: string) => seed.accounts.get(id) ?? null;
  const today = kstToday(ctx.now());
  const clinicIds: number[] = [];
  const counselIds: number[] = [];
  for (let i = 0; i < 14; i++) {
    const date = addDays(today, i);
    const dow = dayOfWeek(date);
    const bodies: SlotBody[] = [];
    if (dow <= 5) {
      bodies.push(slot({ date, startTime: '18:00', endTime: '19:30', title: '수학 클리닉 1부', taId: ta('ta01') }));
      bodies.push(slot({ date, startTime: '19:30', endTime: '21:00', title: '수학 클리닉 2부', taId: ta('ta02') }));
    } else if (dow === 6) {
      bodies.push(slot({ date, startTime: '14:00', endTime: '16:00', capacity: 30, room: '3층 자습실', title: '주말 클리닉', taId: ta('ta01') }));
      bodies.push(slot({ date, startTime: '16:00', endTime: '18:00', capacity: 12, room: '3층 자습실', title: '재시험 지정 클리닉', taId: ta('ta03'), reserveType: 'assigned' }));
    }
    for (const body of bodies) clinicIds.push((await slots.create({ kind: 'clinic', body, actor })).id);
    if (dow === 1 || dow === 3 || i === 0) {
      for (const startTime of ['16:00', '16:30', '17:00']) {
        const endTime = startTime === '16:00' ? '16:30' : startTime === '16:30' ? '17:00' : '17:30';
        counselIds.push((await slots.create({ kind: 'counsel', body: slot({ date, startTime, endTime, capacity: 1, room: '상담실', title: '학습 상담', taId: actor.id }), actor })).id);
      }
    }
  }
  await slots.setDay({ date: today, memo: '오늘 클리닉: 오답노트 지참 확인, 재시험지는 교무실 두 번째 서랍', opensAt: null, closesAt: null, actor });

  const studentIds = [...seed.accounts].filter(([loginId]) => /^student\d+$/.test(loginId) && !LEFT_ALONE.has(loginId)).map(([, id]) => id);
  const required = await exams.clinic.scoresOf({ userIds: studentIds, statuses: ['required'] });
  const firstPerStudent = [...new Map(required.map((r) => [r.userId, r])).values()];
  const first = clinicIds[0];
  if (first !== undefined) {
    for (const r of firstPerStudent.filter((_, i) => i % 2 === 0)) {
      await booking.add({ slotId: first, kind: 'clinic', userIds: [r.userId], examId: r.examId, actor });
    }
  }
  // The first counsel hour is booked by a student wondering about 이과 진학.
  const counselled = seed.accounts.get('student03');
  if (counselIds[0] !== undefined && counselled !== undefined) {
    await booking.add({ slotId: counselIds[0], kind: 'counsel', userIds: [counselled], counselType: '진로', actor });
  }
}
