import { addDays, dayOfWeek, kstToday } from '@academy/contracts/dates';
import { SMS_ERRORS, variablesIn, type SmsSchedule, type smsScheduleBody } from '@academy/contracts/sms';
import { formatKoreanDate } from '@academy/contracts/format';
import { asc, eq, and, isNull, lt, or } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, appError } from '../../lib/errors.ts';
import type { ComposeService } from './compose.service.ts';
import type { SmsDeps } from './sms.deps.ts';
import { smsSchedules } from './sms.table.ts';

type ScheduleInput = z.output<typeof smsScheduleBody>;
type Row = typeof smsSchedules.$inferSelect;

/** Variables a weekly send can fill: per student, the lecture, and the day it goes. */
const SCHEDULE_VARIABLES = ['이름', '링크', '강의명', '날짜'];
/** An occurrence missed by less than this (a restart around 18:00) still goes; an older one waits for next week. */
const CATCH_UP_MS = 60 * 60_000;

/** The latest occurrence of a weekly time (Korea) at or before `now`. */
export function latestSlot(opts: { weekday: number; time: string; now: Date }): Date {
  const today = kstToday(opts.now);
  const back = (dayOfWeek(today) - opts.weekday + 7) % 7;
  const slot = new Date(`${addDays(today, -back)}T${opts.time}:00+09:00`);
  return slot > opts.now ? new Date(slot.getTime() - 7 * 86_400_000) : slot;
}

/**
 * Weekly sends ("every Friday 18:00 to every parent of 고2 수학 정규반"). A one-minute schedule on
 * the job system runs the occurrences that are due: each occurrence is claimed by one conditional
 * update (`last_slot`), so it runs once whatever the number of instances, and then it is an
 * ordinary send (a batch in the history) to the lecture's students or parents as they are that day.
 */
export function createScheduleService(deps: Pick<SmsDeps, 'ctx' | 'users' | 'lectures' | 'templates'> & { compose: ComposeService }) {
  const { ctx, users, lectures, templates, compose } = deps;
  const { db } = ctx;

  async function toSchedules(rows: Row[]): Promise<SmsSchedule[]> {
    const [names, creators] = await Promise.all([lectures.lectures.names(rows.map((r) => r.lectureId)), users.directory(rows.flatMap((r) => (r.createdBy === null ? [] : [r.createdBy])))]);
    const now = ctx.now();
    return rows.map((r) => ({
      id: r.id, name: r.name, lectureId: r.lectureId, lectureName: names.get(r.lectureId) ?? '', audience: r.audience, templateId: r.templateId, body: r.body,
      weekday: r.weekday, time: r.time, enabled: r.enabled, lastRunAt: r.lastSlot?.toISOString() ?? null,
      nextRunAt: r.enabled ? new Date(latestSlot({ weekday: r.weekday, time: r.time, now }).getTime() + 7 * 86_400_000).toISOString() : null,
      createdByName: r.createdBy === null ? null : (creators.get(r.createdBy)?.name ?? null),
    }));
  }

  async function check(input: ScheduleInput) {
    await lectures.lectures.requireIds({ ids: [input.lectureId], field: 'lectureId' });
    if (input.templateId && !(await templates.get(input.templateId))) throw appError(SMS_ERRORS.template_not_found, `템플릿을 찾을 수 없습니다 (ID ${input.templateId})`, { field: 'templateId' });
    const unknown = variablesIn(input.body).filter((v) => !SCHEDULE_VARIABLES.includes(v));
    if (unknown.length) {
      throw appError(SMS_ERRORS.unfilled_variables, `정기 발송에서는 ${unknown.map((v) => `#{${v}}`).join(', ')}을(를) 채울 수 없습니다 (쓸 수 있는 변수: ${SCHEDULE_VARIABLES.map((v) => `#{${v}}`).join(' ')})`, { field: 'body' });
    }
  }

  async function require(id: number): Promise<Row> {
    const [row] = await db.select().from(smsSchedules).where(eq(smsSchedules.id, id));
    if (!row) throw appError(SMS_ERRORS.schedule_not_found, `정기 발송을 찾을 수 없습니다 (ID ${id})`);
    return row;
  }

  /** The occurrence already past when a schedule is saved does not go: the first run is the next one. */
  const firstSlot = (input: ScheduleInput) => latestSlot({ weekday: input.weekday, time: input.time, now: ctx.now() });

  async function runDue(): Promise<void> {
    const now = ctx.now();
    for (const s of await db.select().from(smsSchedules).where(eq(smsSchedules.enabled, true)).orderBy(asc(smsSchedules.id))) {
      const slot = latestSlot({ weekday: s.weekday, time: s.time, now });
      if (now.getTime() - slot.getTime() > CATCH_UP_MS) continue;
      const [claimed] = await db
        .update(smsSchedules)
        .set({ lastSlot: slot })
        .where(and(eq(smsSchedules.id, s.id), or(isNull(smsSchedules.lastSlot), lt(smsSchedules.lastSlot, slot))))
        .returning({ id: smsSchedules.id });
      if (!claimed) continue;
      try {
        const roster = await lectures.participation.rosterOf(s.lectureId);
        const result = await compose.send({
          input: { studentIds: roster, audience: s.audience, phones: [], templateId: s.templateId, body: s.body, lectureId: s.lectureId, examId: null, values: { 날짜: formatKoreanDate(now) }, advertising: false, scheduledAt: null },
          origin: s.origin, actorId: s.createdBy, purpose: 'schedule', scheduleId: s.id, title: s.name,
        });
        await ctx.audit.record({ actorId: null, action: 'sms.schedule_run', entity: 'sms_schedule', entityId: s.id, after: { slot: slot.toISOString(), batchId: result.batchId, queued: result.queued } });
      } catch (err) {
        // The occurrence stays claimed: a send refused now (no recipient left, a template changed)
        // is not retried every minute; the audit trail says why it did not go.
        const reason = err instanceof AppError ? err.message : String(err);
        await ctx.audit.record({ actorId: null, action: 'sms.schedule_failed', entity: 'sms_schedule', entityId: s.id, after: { slot: slot.toISOString(), reason } });
      }
    }
  }

  return {
    runDue,

    async list(): Promise<SmsSchedule[]> {
      return toSchedules(await db.select().from(smsSchedules).orderBy(asc(smsSchedules.weekday), asc(smsSchedules.time), asc(smsSchedules.id)));
    },

    async create(opts: { input: ScheduleInput; origin: string; actorId: number }): Promise<SmsSchedule> {
      await check(opts.input);
      return db.transaction(async () => {
        const [row] = await db
          .insert(smsSchedules)
          .values({ ...opts.input, templateId: opts.input.templateId ?? null, origin: opts.origin, lastSlot: firstSlot(opts.input), createdBy: opts.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'sms.schedule_create', entity: 'sms_schedule', entityId: row!.id, after: opts.input });
        return (await toSchedules([row!]))[0]!;
      });
    },

    async update(opts: { id: number; input: ScheduleInput; origin: string; actorId: number }): Promise<SmsSchedule> {
      const before = await require(opts.id);
      await check(opts.input);
      return db.transaction(async () => {
        const moved = before.weekday !== opts.input.weekday || before.time !== opts.input.time || (!before.enabled && opts.input.enabled);
        const [row] = await db
          .update(smsSchedules)
          .set({ ...opts.input, templateId: opts.input.templateId ?? null, origin: opts.origin, ...(moved ? { lastSlot: firstSlot(opts.input) } : {}), updatedAt: ctx.now() })
          .where(eq(smsSchedules.id, opts.id))
          .returning();
        await ctx.audit.record({ actorId: opts.actorId, action: 'sms.schedule_update', entity: 'sms_schedule', entityId: opts.id, before, after: opts.input });
        return (await toSchedules([row!]))[0]!;
      });
    },

    async remove(opts: { id: number; actorId: number }): Promise<{ id: number }> {
      const before = await require(opts.id);
      await db.transaction(async () => {
        await db.delete(smsSchedules).where(eq(smsSchedules.id, opts.id));
        await ctx.audit.record({ actorId: opts.actorId, action: 'sms.schedule_delete', entity: 'sms_schedule', entityId: opts.id, before });
      });
      return { id: opts.id };
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
