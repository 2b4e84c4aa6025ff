import { CLINIC_ERRORS, type CounselType, type DailyStatus, kstInstant, type Participant, type ReserveType, type SlotKind, type TodoItem } from '@academy/contracts/clinic';
import { compareKorean, formatKoreanDate, formatKoreanTime } from '@academy/contracts/format';
import { and, asc, between, eq } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { ClinicDeps } from './clinic.deps.ts';
import { type Actor, type ClinicRows, mapDay, type ParticipantRow, type WindowedSlot } from './clinic.rows.ts';
import { clinicDays, clinicParticipants, clinicSlots } from './clinic.table.ts';

type Change = Partial<Pick<ParticipantRow, 'arrivedAt' | 'departedAt' | 'hurriedAt' | 'hurryCount' | 'todos' | 'memo' | 'gradedAt' | 'retakeValue' | 'consultId'>>;
const pick = (p: ParticipantRow, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, (p as Record<string, unknown>)[k] ?? null]));

/** "11월 21일(토)" for an SMS. */

/**
 * The day's board and what happens on it: the slots × participants of a range of days, arrival
 * and departure stamped with the time (an arrival can be taken back), the hurry SMS, the todo
 * list and memo, the retake graded at the clinic, and the note after a counsel session. Every mark
 * is audited and pushed to every open board in the same transaction.
 */
export function createBoardService(deps: ClinicDeps & { rows: ClinicRows }) {
  const { ctx, students, exams, hurryText, records, rows } = deps;
  const { db, audit, sms } = ctx;

  /**
   * Applies a change to one participant: `decide` sees the locked row and returns the change, or
   * null when there is nothing to do (a second arrival scan), which writes and announces nothing.
   */
  async function mark(opts: {
    participantId: number;
    kind: SlotKind;
    actor: Actor;
    action: string;
    decide: (p: ParticipantRow, slot: WindowedSlot) => Promise<Change | null> | Change | null;
  }): Promise<Participant> {
    const { slot } = await rows.requireParticipant(opts.participantId, opts.kind);
    return db.transaction(async () => {
      const [p] = await db.select().from(clinicParticipants).where(eq(clinicParticipants.id, opts.participantId)).for('update');
      if (!p) throw appError(CLINIC_ERRORS.participant_not_found, '그사이에 취소된 참여입니다. 화면을 새로 고쳐 주세요');
      const change = await opts.decide(p, slot);
      if (change === null) return rows.mapOne(p);
      const [after] = await db.update(clinicParticipants).set({ ...change, updatedAt: ctx.now() }).where(eq(clinicParticipants.id, p.id)).returning();
      const keys = Object.keys(change);
      await audit.record({ actorId: opts.actor.id, action: opts.action, entity: 'clinic_participant', entityId: p.id, before: pick(p, keys), after: pick(after!, keys) });
      const participant = await rows.mapOne(after!);
      await rows.announceParticipant({ participant, slot });
      return participant;
    });
  }

  return {
    /** Slots × participants between two days (participants by name), with the days' memos. */
    async daily(opts: { kind: SlotKind; startDate: string; endDate: string; reserveType?: ReserveType }): Promise<DailyStatus> {
      const inRange = and(
        eq(clinicSlots.kind, opts.kind),
        between(clinicSlots.date, opts.startDate, opts.endDate),
        opts.reserveType ? eq(clinicSlots.reserveType, opts.reserveType) : undefined,
      );
      // Slots, their participants with names, and the days, read side by side.
      const [slots, found, days] = await Promise.all([
        rows.windowedSlots(inRange),
        db
          .select({ p: clinicParticipants, name: userAccounts.name, loginId: userAccounts.loginId })
          .from(clinicParticipants)
          .innerJoin(clinicSlots, eq(clinicSlots.id, clinicParticipants.slotId))
          .innerJoin(userAccounts, eq(userAccounts.id, clinicParticipants.userId))
          .where(inRange),
        db.select().from(clinicDays).where(between(clinicDays.date, opts.startDate, opts.endDate)).orderBy(asc(clinicDays.date)),
      ]);
      const names = new Map(found.map((f) => [f.p.userId, { name: f.name, loginId: f.loginId }]));
      const [mapped, participants] = await Promise.all([rows.mapSlots(slots), rows.mapParticipants(found.map((f) => f.p), names)]);
      const bySlot = new Map<number, Participant[]>();
      for (const p of participants) bySlot.set(p.slotId, [...(bySlot.get(p.slotId) ?? []), p]);
      return {
        startDate: opts.startDate,
        endDate: opts.endDate,
        days: days.map(mapDay),
        slots: mapped.map((s) => ({ ...s, participants: (bySlot.get(s.id) ?? []).sort((a, b) => compareKorean(a.name, b.name)) })),
      };
    },

    async participants(opts: { slotId: number; kind: SlotKind }): Promise<Participant[]> {
      await rows.requireSlot(opts.slotId, opts.kind);
      const found = await db.select().from(clinicParticipants).where(eq(clinicParticipants.slotId, opts.slotId));
      return (await rows.mapParticipants(found)).sort((a, b) => compareKorean(a.name, b.name));
    },

    /** Arrival, stamped now. A second scan of an arrived student changes nothing. */
    arrive: (o: { participantId: number; actor: Actor }) =>
      mark({ ...o, kind: 'clinic', action: 'clinic.arrival', decide: (p) => (p.arrivedAt ? null : { arrivedAt: ctx.now() }) }),

    /** Takes an arrival back (a wrong student scanned): the departure goes with it. */
    cancelArrival: (o: { participantId: number; actor: Actor }) =>
      mark({ ...o, kind: 'clinic', action: 'clinic.arrival_cancel', decide: (p) => (p.arrivedAt ? { arrivedAt: null, departedAt: null } : null) }),

    depart: (o: { participantId: number; actor: Actor }) =>
      mark({
        ...o, kind: 'clinic', action: 'clinic.departure',
        decide: (p) => {
          if (!p.arrivedAt) throw appError(CLINIC_ERRORS.not_arrived, '도착 기록이 없습니다. 먼저 도착을 눌러 주세요');
          return p.departedAt ? null : { departedAt: ctx.now() };
        },
      }),

    /** The reminder SMS to a student who has not arrived, in the words of the SMS area's 「클리닉 재촉」 setting, through the outbox. */
    hurry: (o: { participantId: number; actor: Actor }) =>
      mark({
        ...o, kind: 'clinic', action: 'clinic.hurry',
        decide: async (p, slot) => {
          if (p.arrivedAt) throw appError(CLINIC_ERRORS.already_arrived, '이미 도착한 학생입니다');
          const contact = (await students.contactsOf([p.userId])).get(p.userId);
          if (!contact?.phone) throw appError(CLINIC_ERRORS.no_phone, '학생 전화번호가 없어 재촉 문자를 보낼 수 없습니다');
          const body = await hurryText({ 이름: contact.name, 날짜: formatKoreanDate(slot.date), 시간: formatKoreanTime(slot.startTime), 장소: slot.room });
          if (body === null) throw appError(CLINIC_ERRORS.hurry_off, '클리닉 재촉 문자가 꺼져 있습니다. 문자 설정에서 켜 주세요');
          await sms.queue({ toPhone: contact.phone, body, purpose: 'clinic.hurry', userId: p.userId, createdBy: o.actor.id });
          return { hurriedAt: ctx.now(), hurryCount: p.hurryCount + 1 };
        },
      }),

    setTodos: (o: { participantId: number; todos: TodoItem[]; actor: Actor }) =>
      mark({ ...o, kind: 'clinic', action: 'clinic.todo', decide: () => ({ todos: o.todos }) }),

    setMemo: (o: { participantId: number; kind: SlotKind; memo: string; actor: Actor }) =>
      mark({ ...o, action: `${o.kind}.memo`, decide: () => ({ memo: o.memo }) }),

    /**
     * The retake graded at the clinic: written to the score grid through the exams module (lock-
     * aware, versioned, audited, live) with the clinic 완료, and kept on the participant.
     */
    gradeSubmit: (o: { participantId: number; value: number; actor: Actor }) =>
      mark({
        ...o, kind: 'clinic', action: 'clinic.grade',
        decide: async (p) => {
          if (p.examId === null) throw appError(CLINIC_ERRORS.no_exam, '이 학생의 클리닉에는 연결된 시험이 없습니다. 성적표에서 재시험 점수를 입력해 주세요');
          await exams.clinic.submitRetake({ examId: p.examId, userId: p.userId, value: o.value, actor: o.actor });
          const todos = p.todos.map((t) => (t.kind === '재시험' ? { ...t, done: true } : t));
          return { gradedAt: ctx.now(), retakeValue: o.value, todos, arrivedAt: p.arrivedAt ?? ctx.now() };
        },
      }),

    /**
     * The note after a counsel session: written to (or, the second time, corrected in) the
     * student's consult record, dated at the session, by the slot's counselor.
     */
    counselNote: (o: { participantId: number; content: string; consultType?: CounselType; actor: Actor }) =>
      mark({
        ...o, kind: 'counsel', action: 'counsel.note',
        decide: async (p, slot) => {
          const body = {
            consultedAt: kstInstant(slot.date, slot.startTime).toISOString(),
            counselorId: slot.taId ?? o.actor.id,
            consultType: o.consultType ?? p.counselType ?? '기타',
            content: o.content,
          };
          const consult = p.consultId === null
            ? await records.consults.create({ studentId: p.userId, body, actorId: o.actor.id })
            : await records.consults.update({ studentId: p.userId, consultId: p.consultId, body, actorId: o.actor.id });
          return { consultId: consult.id };
        },
      }),
  };
}

export type BoardService = ReturnType<typeof createBoardService>;
