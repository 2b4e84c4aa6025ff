/**
 * Clinic (클리닉) and the booking machinery counsel (상담) shares: slots with a capacity and a
 * booking window, participants with their marks (arrival, departure, hurry), the retake that
 * closes the clinic, the day's board, copy by day, TA assignment and the booking rules. Counsel's
 * own endpoints are in counsel.ts; both use the schemas below.
 *
 * Words used here: a *slot* is one clinic (or counsel) time on one day in one room; a
 * *participant* is a student in a slot, by their own booking (예약) or assigned by staff (배정);
 * a *target* is a score of the student's whose clinic status is 클리닉대상 (or already booked).
 */
import { z } from 'zod';
import { addDays, dayOfWeek, minutesOf } from './dates.ts';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { formatKoreanDate } from './format.ts';
import { defineTopic, type TopicEvent } from './realtime.ts';
import { reportIssues, type RuleIssue } from './rules.ts';
import { CLINIC_STATUSES } from './exams.ts';
import { notice } from './notices.ts';
import { CONSULT_TYPES } from './students.ts';
import { idParam, isoDateSchema, text } from './validation.ts';

export const CLINIC_ERRORS = errorCodes('clinic', {
  slot_not_found: 404,
  participant_not_found: 404,
  full: 409,
  overlap: 409,
  already_reserved: 409,
  not_open: 409,
  not_enrolled: 403,
  closed: 409,
  cancel_closed: 409,
  assigned_only: 409,
  staff_assigned: 409,
  capacity_below_reserved: 409,
  has_participants: 409,
  slot_exists: 409,
  time_invalid: 400,
  window_invalid: 400,
  range_invalid: 400,
  not_student: 400,
  not_staff: 400,
  target_invalid: 400,
  no_exam: 400,
  not_arrived: 409,
  already_arrived: 409,
  no_phone: 400,
  hurry_off: 409,
  counsel_type_required: 400,
});

// ─── vocabulary ─────────────────────────────────────────────────────────────────────────────────

export const SLOT_KINDS = ['clinic', 'counsel'] as const;
export type SlotKind = (typeof SLOT_KINDS)[number];
export const SLOT_KIND_LABEL: Record<SlotKind, string> = { clinic: '클리닉', counsel: '상담' };

/** 예약제: students book their own seat; 지정제: staff put students in. */
export const RESERVE_TYPES = ['self', 'assigned'] as const;
export type ReserveType = (typeof RESERVE_TYPES)[number];
export const RESERVE_TYPE_LABEL: Record<ReserveType, string> = { self: '예약제', assigned: '지정제' };

/** Who put the student in the slot. */
export const PARTICIPANT_SOURCES = ['self', 'staff'] as const;
export type ParticipantSource = (typeof PARTICIPANT_SOURCES)[number];

/** What a student does at a clinic (todo-status). */
export const TODO_KINDS = ['재시험', '오답정리', '과제 확인'] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export const COUNSEL_TYPES = CONSULT_TYPES;
export type CounselType = (typeof COUNSEL_TYPES)[number];

/** The widest range one daily-status or slot list answers (two months). */
export const MAX_RANGE_DAYS = 62;
/** Copy by day reaches at most this many weeks ahead. */
export const MAX_COPY_WEEKS = 12;

// ─── time and booking windows (pure, shared by server and web) ──────────────────────────────────

/** The instant of a Korean wall-clock time on a date: ("2026-11-21", "18:30") → 09:30Z. */
export function kstInstant(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+09:00`);
}

/** An instant on the Korean clock as staff and students read it: "2026. 11. 16.(일) 21:00". */
export function kstDateTime(instant: string | Date): string {
  const shifted = new Date(new Date(instant).getTime() + 9 * 3_600_000).toISOString();
  return `${formatKoreanDate(shifted.slice(0, 10))} ${shifted.slice(11, 16)}`;
}

/** "18:02" on the Korean clock. */
export function kstTime(instant: string | Date): string {
  return new Date(new Date(instant).getTime() + 9 * 3_600_000).toISOString().slice(11, 16);
}

/** An instant as a `datetime-local` input shows it on the Korean clock ("2026-11-16T21:00"), and back. */
export const toKstLocal = (instant: string) => new Date(Date.parse(instant) + 9 * 3_600_000).toISOString().slice(0, 16);
export const fromKstLocal = (local: string) => new Date(`${local}:00+09:00`).toISOString();

/** The Monday of the week a date is in (weeks start on Monday). */
export function mondayOf(date: string): string {
  return addDays(date, 1 - dayOfWeek(date));
}

/**
 * Realtime topics of a week's slots, keyed by its Monday: the staff board (`clinic:2026-11-23`) and
 * the seat counts students may follow too (`clinic-seats:2026-11-23`).
 */
export const CLINIC_TOPIC_KINDS = { board: 'clinic', seats: 'clinic-seats' } as const;

/**
 * The center's default booking rule. Booking for a week opens on `opensWeekday` (1 = 월 … 7 = 일)
 * of the week before at `opensTime` ("Sunday 21:00 for next week"), closes `closeBeforeMinutes`
 * before the slot starts, and a booking can be cancelled until `cancelBeforeMinutes` before.
 */
export const bookingRulesSchema = z.object({
  opensWeekday: z.number().int().min(1, '요일은 1(월)~7(일)입니다').max(7, '요일은 1(월)~7(일)입니다').describe('예약이 열리는 요일 (지난주의, 1=월 … 7=일)'),
  opensTime: text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시각은 HH:MM (예: 21:00) 형식이어야 합니다').describe('예약이 열리는 시각 (HH:MM)'),
  closeBeforeMinutes: z.number().int().min(0).max(7 * 24 * 60).describe('시작 몇 분 전에 예약 마감'),
  cancelBeforeMinutes: z.number().int().min(0).max(7 * 24 * 60).describe('시작 몇 분 전까지 취소 가능'),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;
export const DEFAULT_BOOKING_RULES: BookingRules = { opensWeekday: 7, opensTime: '21:00', closeBeforeMinutes: 0, cancelBeforeMinutes: 180 };

const DAY_NAMES = ['', '월', '화', '수', '목', '금', '토', '일'] as const;

/**
 * The booking rule in words, from the configured rule only: "일요일 21:00에 다음 주 예약 시작 ·
 * 예약 마감: 시작 3시간 전 · 취소: 시작 3시간 전까지". Staff and students read this one text (issue
 * 35 item 7: a hand-written notice said "전날 밤 10시까지" while the rule was "시작할 때").
 */
export function bookingRulesText(r: BookingRules): string {
  const minutes = (m: number) => (m === 0 ? '시작할 때' : m % 60 === 0 ? `시작 ${m / 60}시간 전` : `시작 ${m}분 전`);
  return `${DAY_NAMES[r.opensWeekday]}요일 ${r.opensTime}에 다음 주 예약 시작 · 예약 마감: ${minutes(r.closeBeforeMinutes)} · 취소: ${minutes(r.cancelBeforeMinutes)}까지`;
}

export type WindowOverride = { opensAt: string | null; closesAt: string | null };
export type BookingWindow = { opensAt: string; closesAt: string; cancelUntil: string; source: 'slot' | 'day' | 'rule' };

/**
 * When a slot takes bookings and cancellations: the slot's own times when set, else its day's,
 * else the center's rule. Each bound falls back on its own (a slot may set only its opening).
 */
export function bookingWindow(opts: {
  date: string;
  startTime: string;
  rules: BookingRules;
  day?: WindowOverride | null;
  slot?: (WindowOverride & { cancelUntil: string | null }) | null;
}): BookingWindow {
  const start = kstInstant(opts.date, opts.startTime).getTime();
  const openDate = addDays(mondayOf(opts.date), opts.rules.opensWeekday - 1 - 7);
  const rule = {
    opensAt: kstInstant(openDate, opts.rules.opensTime).toISOString(),
    closesAt: new Date(start - opts.rules.closeBeforeMinutes * 60_000).toISOString(),
    cancelUntil: new Date(start - opts.rules.cancelBeforeMinutes * 60_000).toISOString(),
  };
  const pick = (k: 'opensAt' | 'closesAt') => opts.slot?.[k] ?? opts.day?.[k] ?? rule[k];
  const source = opts.slot && (opts.slot.opensAt || opts.slot.closesAt || opts.slot.cancelUntil) ? 'slot' : opts.day && (opts.day.opensAt || opts.day.closesAt) ? 'day' : 'rule';
  return { opensAt: pick('opensAt'), closesAt: pick('closesAt'), cancelUntil: opts.slot?.cancelUntil ?? rule.cancelUntil, source };
}

export const BOOKING_STATES = ['upcoming', 'open', 'full', 'closed'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

/** What a student's button says about a slot right now. */
export function bookingState(opts: { window: Pick<BookingWindow, 'opensAt' | 'closesAt'>; now: Date; reserved: number; capacity: number }): BookingState {
  const t = opts.now.getTime();
  if (t < Date.parse(opts.window.opensAt)) return 'upcoming';
  if (t >= Date.parse(opts.window.closesAt)) return 'closed';
  return opts.reserved >= opts.capacity ? 'full' : 'open';
}

// ─── slots ──────────────────────────────────────────────────────────────────────────────────────

const time = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시각은 HH:MM (예: 18:30) 형식이어야 합니다').describe('시각 (HH:MM)');
const instant = z.iso.datetime({ offset: true });

function slotIssues(v: { startTime: string; endTime: string; opensAt?: string | null; closesAt?: string | null }): RuleIssue[] {
  const out: RuleIssue[] = [];
  if (/^\d\d:\d\d$/.test(v.startTime) && /^\d\d:\d\d$/.test(v.endTime) && minutesOf(v.endTime) <= minutesOf(v.startTime)) {
    out.push({ path: ['endTime'], code: CLINIC_ERRORS.time_invalid.code, message: `끝나는 시각(${v.endTime})이 시작 시각(${v.startTime})보다 늦어야 합니다` });
  }
  if (v.opensAt && v.closesAt && Date.parse(v.closesAt) <= Date.parse(v.opensAt)) {
    out.push({ path: ['closesAt'], code: CLINIC_ERRORS.window_invalid.code, message: '예약 마감이 예약 시작보다 늦어야 합니다' });
  }
  return out;
}

export const slotBody = z
  .object({
    date: isoDateSchema,
    startTime: time,
    endTime: time,
    capacity: z.number({ error: '정원은 숫자로 입력해 주세요' }).int('정원은 정수로 입력해 주세요').min(1, '정원은 1명 이상이어야 합니다').max(500, '정원은 500명까지입니다').describe('정원'),
    room: text().trim().max(30, '장소는 30자까지입니다').default('').describe('장소 (강의실)'),
    title: text().trim().max(60, '이름은 60자까지입니다').default('').describe('이름 (예: 고2 수학 클리닉)'),
    taId: idParam.nullable().default(null).describe('담당 조교 ID'),
    lectureId: idParam.nullable().default(null).describe('이 강좌 수강생만 예약 (비우면 누구나)'),
    reserveType: z.enum(RESERVE_TYPES).default('self').describe('self: 예약제 (학생이 예약), assigned: 지정제 (직원이 배정)'),
    opensAt: instant.nullable().default(null).describe('이 시간의 예약 시작 (비우면 그날 또는 센터 규칙)'),
    closesAt: instant.nullable().default(null).describe('이 시간의 예약 마감 (비우면 그날 또는 센터 규칙)'),
    cancelUntil: instant.nullable().default(null).describe('취소 마감 (비우면 센터 규칙)'),
  })
  .superRefine((v, ctx) => reportIssues(ctx, slotIssues(v)));
export type SlotInput = z.input<typeof slotBody>;
export type SlotBody = z.output<typeof slotBody>;

export const slot = z.object({
  id: z.number(),
  kind: z.enum(SLOT_KINDS),
  date: text(),
  startTime: text(),
  endTime: text(),
  capacity: z.number(),
  reserved: z.number().describe('예약·배정된 인원'),
  room: text(),
  title: text(),
  taId: z.number().nullable(),
  taName: text().nullable(),
  lectureId: z.number().nullable().describe('이 강좌 수강생만 예약'),
  lectureName: text().nullable(),
  reserveType: z.enum(RESERVE_TYPES),
  opensAt: text().nullable().describe('이 시간에 따로 정한 예약 시작'),
  closesAt: text().nullable(),
  cancelUntil: text().nullable(),
  window: z.object({ opensAt: text(), closesAt: text(), cancelUntil: text(), source: z.enum(['slot', 'day', 'rule']) }).describe('실제로 적용되는 예약·취소 시간'),
});
export type Slot = z.infer<typeof slot>;

// ─── participants ───────────────────────────────────────────────────────────────────────────────

export const todoItem = z.object({ kind: z.enum(TODO_KINDS), done: z.boolean() });
export type TodoItem = z.infer<typeof todoItem>;

/** The score a clinic resolves (the exam the student fell under the cutline in). */
export const clinicTarget = z.object({
  examId: z.number(),
  title: text(),
  lectureId: z.number(),
  lectureName: text(),
  sessionTitle: text(),
  date: text().describe('시험 본 날'),
  first: z.number().nullable().describe('1차 점수'),
  retake: z.number().nullable().describe('재시험 점수'),
  maxScore: z.number(),
  cutline: z.number().nullable(),
  clinic: z.enum(CLINIC_STATUSES),
});
export type ClinicTarget = z.infer<typeof clinicTarget>;

export const participant = z.object({
  id: z.number(),
  slotId: z.number(),
  userId: z.number(),
  name: text(),
  loginId: text(),
  source: z.enum(PARTICIPANT_SOURCES),
  target: clinicTarget.nullable().describe('이 클리닉으로 해결할 시험 (없으면 자율)'),
  todos: z.array(todoItem),
  arrivedAt: text().nullable(),
  departedAt: text().nullable(),
  hurriedAt: text().nullable().describe('마지막 재촉 문자'),
  hurryCount: z.number(),
  gradedAt: text().nullable(),
  retakeValue: z.number().nullable().describe('제출한 재시험 점수'),
  memo: text(),
  counselType: z.enum(COUNSEL_TYPES).nullable(),
  consultId: z.number().nullable().describe('상담 기록 (학생 기록의 상담)'),
  note: text().nullable().describe('상담 후 기록한 내용'),
  createdAt: text(),
});
export type Participant = z.infer<typeof participant>;

export const slotWithParticipants = slot.extend({ participants: z.array(participant) });
export type SlotWithParticipants = z.infer<typeof slotWithParticipants>;

export const dayInfo = z.object({
  date: text(),
  memo: text(),
  opensAt: text().nullable(),
  closesAt: text().nullable(),
});
export type DayInfo = z.infer<typeof dayInfo>;

/** The day's board: slots × participants over a range of days (usually one). */
export const dailyStatus = z.object({
  startDate: text(),
  endDate: text(),
  days: z.array(dayInfo).describe('메모나 예약 시간을 정한 날'),
  slots: z.array(slotWithParticipants),
});
export type DailyStatus = z.infer<typeof dailyStatus>;

/** A range of days a list may ask for: ends on or after its start, at most MAX_RANGE_DAYS long. */
export function rangeIssues(v: { startDate: string; endDate: string }): RuleIssue[] {
  const days = (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000;
  if (days < 0) return [{ path: ['endDate'], code: CLINIC_ERRORS.range_invalid.code, message: '종료일이 시작일보다 빠릅니다' }];
  if (days >= MAX_RANGE_DAYS) return [{ path: ['endDate'], code: CLINIC_ERRORS.range_invalid.code, message: `기간은 ${MAX_RANGE_DAYS}일까지 볼 수 있습니다` }];
  return [];
}

const rangeFields = { startDate: isoDateSchema.describe('시작일'), endDate: isoDateSchema.describe('종료일 (포함)') };
export const rangeQuery = z.object(rangeFields).superRefine((v, ctx) => reportIssues(ctx, rangeIssues(v)));
export const dailyStatusQuery = z
  .object({ ...rangeFields, reserveType: z.enum(RESERVE_TYPES).optional().describe('예약제 또는 지정제만') })
  .superRefine((v, ctx) => reportIssues(ctx, rangeIssues(v)));

export const addParticipantsBody = z.object({
  userIds: z.array(idParam).min(1, '학생을 한 명 이상 골라 주세요').max(200).describe('넣을 학생 ID (모두 들어가거나 하나도 안 들어감)'),
  examId: idParam.optional().describe('해결할 시험 (비우면 학생마다 가장 오래된 클리닉 대상)'),
});

export const todoStatusBody = z.object({ todos: z.array(todoItem).max(TODO_KINDS.length).describe('할 일과 완료 여부') });
export const participantMemoBody = z.object({ memo: text().max(500, '메모는 500자까지입니다') });
export const gradeSubmitBody = z.object({
  scoreValue: z.number({ error: '재시험 점수를 숫자로 입력해 주세요' }).min(0, '점수는 0 이상이어야 합니다').max(1000).describe('재시험 점수 (성적표의 재시험 칸에 기록되고 클리닉은 완료)'),
});

export const copyByDayBody = z
  .object({
    fromDate: isoDateSchema.describe('복사할 날'),
    toDates: z.array(isoDateSchema).max(31).default([]).describe('붙여 넣을 날들'),
    weeks: z.number().int().min(0).max(MAX_COPY_WEEKS, `최대 ${MAX_COPY_WEEKS}주까지 복사할 수 있습니다`).default(0).describe('다음 몇 주의 같은 요일에'),
  })
  .superRefine((v, ctx) => {
    if (v.toDates.length === 0 && v.weeks === 0) ctx.addIssue({ code: 'custom', path: ['toDates'], message: '붙여 넣을 날짜를 고르거나 몇 주 복사할지 정해 주세요' });
    if (v.toDates.includes(v.fromDate)) ctx.addIssue({ code: 'custom', path: ['toDates'], message: '같은 날로는 복사할 수 없습니다' });
  });
export const copyResult = z.object({ created: z.number(), skipped: z.number().describe('이미 같은 시간·장소가 있어 건너뜀'), dates: z.array(text()) });

export const dayBody = z
  .object({
    memo: text().max(2000, '메모는 2,000자까지입니다').default(''),
    opensAt: instant.nullable().default(null).describe('이날 시간들의 예약 시작 (비우면 센터 규칙)'),
    closesAt: instant.nullable().default(null).describe('이날 시간들의 예약 마감'),
  })
  .superRefine((v, ctx) => {
    if (v.opensAt && v.closesAt && Date.parse(v.closesAt) <= Date.parse(v.opensAt)) {
      ctx.addIssue({ code: 'custom', path: ['closesAt'], message: '예약 마감이 예약 시작보다 늦어야 합니다', params: { code: CLINIC_ERRORS.window_invalid.code } });
    }
  });

export const taCount = z.object({
  taId: z.number().nullable().describe('null: 담당 없음'),
  name: text(),
  slots: z.number(),
  capacity: z.number(),
  reserved: z.number(),
  arrived: z.number(),
  graded: z.number(),
});
export type TaCount = z.infer<typeof taCount>;

// ─── the student's side ─────────────────────────────────────────────────────────────────────────

export const openSlot = slot.omit({ opensAt: true, closesAt: true, cancelUntil: true, taId: true }).extend({
  state: z.enum(BOOKING_STATES).describe('upcoming: 예약 전, open: 예약 가능, full: 마감(정원), closed: 예약 시간 끝'),
  mine: z.number().nullable().describe('내 예약 (참여 ID)'),
});
export type OpenSlot = z.infer<typeof openSlot>;

export const myBooking = z.object({
  participantId: z.number(),
  slot: openSlot,
  source: z.enum(PARTICIPANT_SOURCES),
  target: clinicTarget.nullable(),
  counselType: z.enum(COUNSEL_TYPES).nullable(),
  arrivedAt: text().nullable(),
  canCancel: z.boolean().describe('지금 취소할 수 있음'),
});
export type MyBooking = z.infer<typeof myBooking>;

export const portalBoard = z.object({
  now: text().describe('서버 시각 (예약 시작까지 남은 시간 계산용)'),
  notice: notice.describe('클리닉 안내'),
  rulesText: text().describe('예약 규칙 (센터 설정에서 만든 문장: 예약 시작·마감·취소)'),
  targets: z.array(clinicTarget).describe('내 클리닉 대상 (공개된 시험)'),
  mine: z.array(myBooking),
  slots: z.array(openSlot).describe('기간 안의 예약제 시간'),
});
export type PortalBoard = z.infer<typeof portalBoard>;

export const reserveBody = z.object({ examId: idParam.optional().describe('이 예약으로 해결할 시험 (비우면 가장 오래된 클리닉 대상)') });
export const portalRangeQuery = z.object({ from: isoDateSchema.optional().describe('기본: 오늘'), to: isoDateSchema.optional().describe('기본: 2주 뒤') });

const slotsAdded = z.object({ dates: z.array(isoDateSchema) });

/** The staff board's topic `clinic:<monday>` (seat counts travel on `clinic-seats:<monday>`, which staff follow too). */
export const clinicBoardTopic = defineTopic(CLINIC_TOPIC_KINDS.board, {
  slot,
  slotRemoved: z.object({ id: z.number(), date: isoDateSchema }),
  participant: z.object({ participant }),
  participantRemoved: z.object({ id: z.number(), slotId: z.number() }),
  slots: slotsAdded,
  day: dayInfo,
});
/**
 * The topic `clinic-seats:<monday>`: the seats taken in a slot, exact and in commit order (the
 * count moves last in each booking's transaction), and `slots` when a copy added slots. Nothing
 * about who holds them.
 */
export const clinicSeatsTopic = defineTopic(CLINIC_TOPIC_KINDS.seats, {
  seats: z.object({ slotId: z.number(), reserved: z.number(), capacity: z.number() }),
  slots: slotsAdded,
});
/** The board's topic and the seats' topic of the week a date is in. */
export const clinicTopic = (date: string) => clinicBoardTopic.of(mondayOf(date));
export const seatsTopic = (date: string) => clinicSeatsTopic.of(mondayOf(date));
export type ClinicEvent = TopicEvent<typeof clinicBoardTopic>;
export type SeatsEvent = TopicEvent<typeof clinicSeatsTopic>;

// ─── endpoints ──────────────────────────────────────────────────────────────────────────────────

const tag = 'clinic';
const pId = '/clinic/participants/:id';
const participantReply = participant;

export const clinicApi = {
  slots: endpoint({ method: 'GET', path: '/clinic/slots', tag, permission: 'TA', summary: '클리닉 시간 목록 (주간 보기)', query: rangeQuery, reply: z.array(slot) }),
  createSlot: endpoint({ method: 'POST', path: '/clinic/slots', tag, permission: 'TA', summary: '클리닉 시간 만들기', body: slotBody, reply: slot }),
  updateSlot: endpoint({ method: 'PUT', path: '/clinic/slots/:id', tag, permission: 'TA', summary: '클리닉 시간 수정 (정원은 예약 인원 아래로 못 줄임)', body: slotBody, reply: slot }),
  deleteSlot: endpoint({ method: 'DELETE', path: '/clinic/slots/:id', tag, permission: 'TA', summary: '클리닉 시간 삭제 (참여 학생이 없을 때)', reply: z.object({ id: z.number() }) }),
  assignTa: endpoint({
    method: 'PUT', path: '/clinic/slots/:id/ta', tag, permission: 'TA', summary: '담당 조교 배정',
    body: z.object({ taId: idParam.nullable().describe('조교 ID (null: 배정 해제)') }), reply: slot,
  }),
  taCounts: endpoint({ method: 'GET', path: '/clinic/ta-counts', tag, permission: 'TA', summary: '조교별 담당 시간·인원·출석·채점 수', query: rangeQuery, reply: z.array(taCount) }),
  copyByDay: endpoint({
    method: 'POST', path: '/clinic/slots/copy-by-day', tag, permission: 'TA',
    summary: '하루의 클리닉 시간을 다른 날(또는 다음 주들의 같은 요일)로 복사 (같은 시간·장소가 있으면 건너뜀)',
    body: copyByDayBody, reply: copyResult,
  }),
  participants: endpoint({ method: 'GET', path: '/clinic/slots/:id/participants', tag, permission: 'TA', summary: '참여 학생', reply: z.array(participant) }),
  addParticipants: endpoint({
    method: 'POST', path: '/clinic/slots/:id/participants', tag, permission: 'TA',
    summary: '학생 배정 (정원·겹치는 시간 확인, 모두 또는 하나도 안 됨)', body: addParticipantsBody, reply: z.array(participant),
  }),
  removeParticipant: endpoint({ method: 'DELETE', path: pId, tag, permission: 'TA', summary: '참여 취소 (시험은 다시 클리닉대상)', reply: z.object({ id: z.number() }) }),
  todoStatus: endpoint({ method: 'PUT', path: `${pId}/todo-status`, tag, permission: 'TA', summary: '할 일 (재시험, 오답정리, 과제 확인)', body: todoStatusBody, reply: participantReply }),
  memo: endpoint({ method: 'PUT', path: `${pId}/memo`, tag, permission: 'TA', summary: '참여 메모', body: participantMemoBody, reply: participantReply }),
  move: endpoint({
    method: 'POST', path: `${pId}/move/:slotId`, tag, permission: 'TA',
    summary: '다른 시간으로 옮기기 (한 번에: 정원·겹침 확인)', reply: participantReply,
  }),
  gradeSubmit: endpoint({
    method: 'POST', path: `${pId}/grade-submit`, tag, permission: 'TA',
    summary: '재시험 점수 제출 (성적표 재시험 칸에 기록, 클리닉 완료)', body: gradeSubmitBody, reply: participantReply,
  }),
  arrival: endpoint({ method: 'POST', path: `${pId}/arrival`, tag, permission: 'TA', summary: '도착 (시각 기록)', reply: participantReply }),
  cancelArrival: endpoint({ method: 'POST', path: `${pId}/arrival/cancel`, tag, permission: 'TA', summary: '도착 취소', reply: participantReply }),
  departure: endpoint({ method: 'POST', path: `${pId}/departure`, tag, permission: 'TA', summary: '하원 (시각 기록)', reply: participantReply }),
  hurry: endpoint({ method: 'POST', path: `${pId}/hurry`, tag, permission: 'TA', summary: '재촉 문자 (템플릿 「클리닉 재촉」)', reply: participantReply }),
  dailyStatus: endpoint({
    method: 'GET', path: '/clinic/daily-status', tag, permission: 'TA',
    summary: '일별 현황 (시간 × 참여 학생, 도착·하원·채점)', query: dailyStatusQuery, reply: dailyStatus,
  }),
  days: endpoint({ method: 'GET', path: '/clinic/days', tag, permission: 'TA', summary: '날짜별 메모와 예약 시간', query: rangeQuery, reply: z.array(dayInfo) }),
  setDay: endpoint({
    method: 'PUT', path: '/clinic/days/:date', tag, permission: 'TA', summary: '날짜별 메모와 그날의 예약 시간',
    params: z.object({ date: isoDateSchema }), body: dayBody, reply: dayInfo,
  }),
  rules: endpoint({ method: 'GET', path: '/clinic/rules', tag, permission: 'TA', summary: '예약 규칙 (센터 기본값)', reply: bookingRulesSchema }),
  setRules: endpoint({ method: 'PUT', path: '/admin/clinic-rules', tag, permission: 'ADMIN', summary: '예약 규칙 수정 (예: 일요일 21:00에 다음 주 예약 시작, 3시간 전까지 취소)', body: bookingRulesSchema, reply: bookingRulesSchema }),
};

const portalTag = 'portal-clinic';
export const portalClinicApi = {
  board: endpoint({
    method: 'GET', path: '/sp/clinic-slots', tag: portalTag, permission: 'STUDENT',
    summary: '내 클리닉: 대상 시험, 내 예약, 예약할 수 있는 시간과 남은 자리, 클리닉 안내', query: portalRangeQuery, reply: portalBoard,
  }),
  reserve: endpoint({
    method: 'POST', path: '/sp/clinic-slot/:id/reserve', tag: portalTag, permission: 'STUDENT',
    summary: '클리닉 예약 (정원이 차면 바로 409)', body: reserveBody, reply: myBooking,
  }),
  cancel: endpoint({ method: 'POST', path: '/sp/clinic-slot/:id/cancel', tag: portalTag, permission: 'STUDENT', summary: '클리닉 예약 취소 (취소 마감 전까지)', reply: z.object({ slotId: z.number() }) }),
};
