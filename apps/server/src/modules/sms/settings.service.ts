import { DEFAULT_TEXT_HOURS, SMS_ERRORS, SMS_EVENT_LABEL, SMS_EVENT_VARIABLES, SMS_EVENTS, variablesIn, type SmsEvent, type SmsEventSetting, type SmsSettings, type smsSettingsBody } from '@academy/contracts/sms';
import { ATTENDANCE_ERRORS } from '@academy/contracts/lectures';
import { appError } from '../../lib/errors.ts';
import { DEFAULT_SENDER_NAME } from '../../lib/sms/outbox.ts';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { SmsDeps } from './sms.deps.ts';
import { smsEventSettings, smsSettings } from './sms.table.ts';

export type CenterSmsSettings = { senderName: string; optOutNotice: string; attendanceDelayMinutes: number; weekLinkDays: number; textFromHour: number; textUntilHour: number };

/**
 * Until a center saves its own: no advertising (no opt-out notice yet), five minutes before an
 * attendance text, attendance texts between 08:00 and 22:00, two-week links.
 */
export const DEFAULT_CENTER_SETTINGS: CenterSmsSettings = {
  senderName: DEFAULT_SENDER_NAME, optOutNotice: '', attendanceDelayMinutes: 5, weekLinkDays: 14, textFromHour: DEFAULT_TEXT_HOURS.from, textUntilHour: DEFAULT_TEXT_HOURS.until,
};

/** The standard words of each automatic text, used when no template is chosen (the sender's name is put in front). */
export const DEFAULT_EVENT_TEXT: Record<SmsEvent, string> = {
  absence: '#{이름} 학생이 #{날짜} #{시간} #{강의명} 수업에 출석하지 않았습니다. 확인 부탁드립니다.',
  late: '#{이름} 학생이 #{날짜} #{시간} #{강의명} 수업에 지각했습니다.',
  score_released: '#{이름} 학생의 #{강의명} 시험 결과가 나왔습니다 (#{점수}점). 자세한 결과: #{링크}',
  clinic_hurry: '#{이름} 학생, #{날짜} #{시간} 클리닉이 시작되었습니다. 지금 와 주세요.',
};

/** The attendance type an attendance event listens for when the center picked none: the one with this name. */
const ATTENDANCE_EVENT_TYPE: Partial<Record<SmsEvent, string>> = { absence: '결석', late: '지각' };

/** `attTypeIds`: the attendance types an attendance event texts for (empty for the other events). */
export type EventConfig = { enabled: boolean; text: string; attTypeIds: number[] };

/**
 * The center's SMS settings and the switches of the automatic texts (each off until an admin turns
 * it on, so nothing texts a parent unasked). Reads fall back to the defaults above.
 */
export function createSettingsService(deps: Pick<SmsDeps, 'ctx' | 'templates' | 'lectures'>) {
  const { ctx, templates, lectures } = deps;
  const { db } = ctx;

  async function center(): Promise<CenterSmsSettings> {
    const [row] = await db.select().from(smsSettings).where(eq(smsSettings.id, 1));
    if (!row) return DEFAULT_CENTER_SETTINGS;
    const { senderName, optOutNotice, attendanceDelayMinutes, weekLinkDays, textFromHour, textUntilHour } = row;
    return { senderName, optOutNotice, attendanceDelayMinutes, weekLinkDays, textFromHour, textUntilHour };
  }

  async function events(): Promise<SmsEventSetting[]> {
    const rows = await db.select().from(smsEventSettings);
    return SMS_EVENTS.map((event) => {
      const r = rows.find((x) => x.event === event);
      return { event, enabled: r?.enabled ?? false, templateId: r?.templateId ?? null, attTypeId: r?.attTypeId ?? null };
    });
  }

  /**
   * What an automatic text is now: on or off, its words ("[보내는 곳] …"), and the attendance types
   * it follows: the one the center picked, or the one named 결석/지각. The absence text with no
   * type picked also follows every other type that does not count as present (무단결석), and no
   * attendance text follows a type marked 자동 문자 안 보냄 (병결, 가족 여행 told in advance).
   */
  async function eventConfig(event: SmsEvent): Promise<EventConfig> {
    const [setting, c] = await Promise.all([events().then((all) => all.find((e) => e.event === event)!), center()]);
    const template = setting.templateId === null ? null : await templates.get(setting.templateId);
    const text = template?.isActive ? template.body : `[${c.senderName}] ${DEFAULT_EVENT_TEXT[event]}`;
    const typeName = ATTENDANCE_EVENT_TYPE[event];
    if (!typeName) return { enabled: setting.enabled, text, attTypeIds: [] };
    const types = (await lectures.attendance.types()).filter((t) => !t.skipText);
    const named = types.find((t) => t.name === typeName);
    const lateName = ATTENDANCE_EVENT_TYPE.late;
    const attTypeIds =
      setting.attTypeId !== null ? types.filter((t) => t.id === setting.attTypeId).map((t) => t.id)
      : event === 'absence' ? types.filter((t) => t === named || (!t.countsAsPresent && t.name !== lateName)).map((t) => t.id)
      : named ? [named.id] : [];
    return { enabled: setting.enabled, text, attTypeIds };
  }

  async function get(): Promise<SmsSettings> {
    const [c, e, active, types] = await Promise.all([center(), events(), templates.active(), lectures.attendance.types()]);
    return {
      ...c,
      events: e,
      driver: ctx.sms.driver,
      prices: ctx.sms.prices,
      ratePerSecond: ctx.sms.ratePerSecond,
      templates: active.map((t) => ({ id: t.id, title: t.title, category: t.category, body: t.body })),
      attendanceTypes: types.map((t) => ({ id: t.id, name: t.name })),
    };
  }

  return {
    center,
    eventConfig,
    get,

    /** Saves the settings; an event's template may use only the variables that event fills. */
    async update(opts: { input: z.output<typeof smsSettingsBody>; actorId: number }): Promise<SmsSettings> {
      const { events: eventInput, ...c } = opts.input;
      const types = await lectures.attendance.types();
      for (const [i, e] of eventInput.entries()) {
        if (e.templateId !== null) {
          const t = await templates.get(e.templateId);
          if (!t) throw appError(SMS_ERRORS.template_not_found, `템플릿을 찾을 수 없습니다 (ID ${e.templateId})`, { field: `events.${i}.templateId` });
          const unknown = variablesIn(t.body).filter((v) => !SMS_EVENT_VARIABLES[e.event].includes(v));
          if (unknown.length) {
            throw appError(SMS_ERRORS.unfilled_variables, `'${t.title}' 템플릿의 ${unknown.map((v) => `#{${v}}`).join(', ')}은(는) ${SMS_EVENT_LABEL[e.event]} 문자에서 채울 수 없습니다`, { field: `events.${i}.templateId` });
          }
        }
        if (e.attTypeId !== null && !types.some((t) => t.id === e.attTypeId)) {
          throw appError(ATTENDANCE_ERRORS.unknown_type, `존재하지 않는 출결 유형입니다 (ID ${e.attTypeId})`, { field: `events.${i}.attTypeId` });
        }
      }
      const now = ctx.now();
      await db.transaction(async () => {
        const before = { ...(await center()), events: await events() };
        await db
          .insert(smsSettings)
          .values({ id: 1, ...c, updatedBy: opts.actorId, updatedAt: now })
          .onConflictDoUpdate({ target: smsSettings.id, set: { ...c, updatedBy: opts.actorId, updatedAt: now } });
        for (const e of eventInput) {
          const values = { enabled: e.enabled, templateId: e.templateId, attTypeId: e.attTypeId, updatedBy: opts.actorId, updatedAt: now };
          await db.insert(smsEventSettings).values({ event: e.event, ...values }).onConflictDoUpdate({ target: smsEventSettings.event, set: values });
        }
        await ctx.audit.record({ actorId: opts.actorId, action: 'sms.settings_update', entity: 'sms_settings', entityId: 1, before, after: opts.input });
      });
      return get();
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
