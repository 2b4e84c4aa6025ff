import { addDays, kstToday } from '@academy/contracts/dates';
import { formatKoreanDate, formatKoreanTime } from '@academy/contracts/format';
import { SMS_EVENT_VARIABLES, fillVariables, type SmsEvent } from '@academy/contracts/sms';
import type { Job, JobDefinition } from '../../lib/jobs/jobs.ts';
import type { ExamReleased } from '../exams/index.ts';
import type { AttendanceChange } from '../lectures/index.ts';
import type { SettingsService } from './settings.service.ts';
import type { SmsDeps } from './sms.deps.ts';

export const ATTENDANCE_QUEUE = 'sms.attendance';
export const RELEASE_QUEUE = 'sms.score-released';

type AttendanceJob = Omit<AttendanceChange, 'actorId'> & { event: 'absence' | 'late'; actorId: number };

const KST = '+09:00';
const HOUR_MS = 3_600_000;
/** The instant of an hour (0–24) on a Korean calendar day. */
const at = (date: string, hour: number) => new Date(Date.parse(`${date}T00:00:00${KST}`) + hour * HOUR_MS);

/**
 * When an attendance text may leave: after the grace (the delay, which absorbs a mistyped mark),
 * not before the session has started (a 결석 marked at 04:07 for a 20:00 class waits for 20:00),
 * and only within the center's hours on the Korean clock: before them, at the start hour that day;
 * from the end hour on, at the start hour the next morning.
 */
export function attendanceTextTime(opts: { now: Date; delayMinutes: number; session: { date: string; startTime: string }; fromHour: number; untilHour: number }): Date {
  const start = new Date(`${opts.session.date}T${opts.session.startTime}:00${KST}`);
  const earliest = new Date(Math.max(opts.now.getTime() + opts.delayMinutes * 60_000, start.getTime()));
  const day = kstToday(earliest);
  if (earliest < at(day, opts.fromHour)) return at(day, opts.fromHour);
  if (earliest >= at(day, opts.untilHour)) return at(addDays(day, 1), opts.fromHour);
  return earliest;
}

/** An event's text with its values; a variable the event does not know is dropped rather than sent as "#{…}". */
export function eventText(text: string, values: Record<string, string>): string {
  return fillVariables(text, values).replace(/#\{[^}]+\}/g, '');
}

/**
 * The automatic texts. Attendance and releases are heard inside the transaction that made them
 * and only put a job on the queue; the job texts later: an attendance text after the center's
 * delay and only if the mark still stands (a mark corrected within the delay texts nobody), a
 * release text with a score link per taker. Each text has a key (event, session or exam, student),
 * so a student's parent is told once however often the mark or the release is repeated.
 */
export function createEventService(deps: SmsDeps & { settings: SettingsService }) {
  const { ctx, lectures, exams, students, settings } = deps;

  async function onAttendance(change: AttendanceChange) {
    if (change.attTypeId === null) return;
    const matching: ('absence' | 'late')[] = [];
    for (const event of ['absence', 'late'] as const) {
      const c = await settings.eventConfig(event);
      if (c.enabled && c.attTypeIds.includes(change.attTypeId)) matching.push(event);
    }
    if (matching.length === 0) return;
    const startAfter = await sendTime(change, ctx.now());
    for (const event of matching) await ctx.jobs.send<AttendanceJob>(ATTENDANCE_QUEUE, { ...change, event }, { startAfter });
  }

  async function sendTime(change: Pick<AttendanceChange, 'date' | 'startTime'>, now: Date, delayMinutes?: number): Promise<Date> {
    const c = await settings.center();
    return attendanceTextTime({ now, delayMinutes: delayMinutes ?? c.attendanceDelayMinutes, session: change, fromHour: c.textFromHour, untilHour: c.textUntilHour });
  }

  async function sendAttendance(job: Job<AttendanceJob>) {
    const d = job.data;
    const config = await settings.eventConfig(d.event);
    if (!config.enabled || d.attTypeId === null || !config.attTypeIds.includes(d.attTypeId)) return;
    // Run early (the hours changed since, or another instance's clock): wait again for the time.
    const due = await sendTime(d, ctx.now(), 0);
    if (due > ctx.now()) {
      await ctx.jobs.send<AttendanceJob>(ATTENDANCE_QUEUE, d, { startAfter: due });
      return;
    }
    const marks = await lectures.attendance.marksOf({ weeklyLectureId: d.weeklyLectureId, userIds: d.userIds });
    const still = d.userIds.filter((id) => marks.get(id) === d.attTypeId);
    if (still.length === 0) return;
    const [contacts, names] = await Promise.all([students.contactsOf(still), lectures.lectures.names([d.lectureId])]);
    await ctx.db.transaction(async () => {
      for (const userId of still) {
        const c = contacts.get(userId);
        if (!c?.parentPhone) continue;
        await ctx.sms.queue({
          toPhone: c.parentPhone,
          body: eventText(config.text, { 이름: c.name, 강의명: names.get(d.lectureId) ?? '', 날짜: formatKoreanDate(d.date), 시간: formatKoreanTime(d.startTime) }),
          purpose: d.event,
          audience: 'parent',
          userId,
          createdBy: d.actorId,
          key: `${d.event}:${d.weeklyLectureId}:${userId}`,
        });
      }
    });
  }

  async function onRelease(e: ExamReleased) {
    if ((await settings.eventConfig('score_released')).enabled) await ctx.jobs.send(RELEASE_QUEUE, e);
  }

  async function sendRelease(job: Job<ExamReleased>) {
    const e = job.data;
    const config = await settings.eventConfig('score_released');
    if (!config.enabled) return;
    const takers = await exams.results.takers(e.examId);
    if (takers.length === 0) return;
    const [lectureName, days] = await Promise.all([lectures.lectures.names([e.lectureId]).then((m) => m.get(e.lectureId) ?? ''), settings.center().then((c) => c.weekLinkDays)]);
    await exams.scoreLinks.create({
      examId: e.examId,
      userIds: takers,
      sendSms: true,
      expiresInDays: days,
      origin: e.origin,
      actor: { id: e.actorId },
      message: {
        purpose: 'score_released',
        render: (r) => eventText(config.text, { 이름: r.name, 강의명: lectureName, 점수: r.score === null ? '' : String(r.score), 링크: r.url }),
        keyOf: (userId) => `score_released:${e.examId}:${userId}`,
      },
    });
  }

  return {
    onAttendance,
    onRelease,
    /**
     * The text of an automatic message another area sends itself (the clinic's hurry), or null
     * while the center has it switched off.
     */
    async textFor(event: SmsEvent, values: Record<string, string>): Promise<string | null> {
      const c = await settings.eventConfig(event);
      if (!c.enabled) return null;
      const known = Object.fromEntries(Object.entries(values).filter(([k]) => SMS_EVENT_VARIABLES[event].includes(k)));
      return eventText(c.text, known);
    },
    jobs: [
      { queue: ATTENDANCE_QUEUE, handler: sendAttendance, concurrency: 2 } satisfies JobDefinition<AttendanceJob>,
      { queue: RELEASE_QUEUE, handler: sendRelease } satisfies JobDefinition<ExamReleased>,
    ],
  };
}

export type EventService = ReturnType<typeof createEventService>;
