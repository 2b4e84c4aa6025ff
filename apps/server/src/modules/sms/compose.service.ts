import { compareKorean } from '@academy/contracts/format';
import {
  LMS_MAX_BYTES,
  SMS_ERRORS,
  advertisingBody,
  estimateCost,
  eucKrByteLength,
  fillVariables,
  isAdQuietHour,
  messageKind,
  variablesIn,
  type Audience,
  type SmsPreview,
  type SmsSendResult,
  type composeBody,
  type confirmedCounts,
} from '@academy/contracts/sms';
import type { z } from 'zod';
import type { ErrorSpec } from '@academy/contracts/errors';
import { appError } from '../../lib/errors.ts';
import type { SmsMessage } from '../../lib/sms/sms.ts';
import type { SettingsService } from './settings.service.ts';
import type { SmsDeps } from './sms.deps.ts';
import { smsBatches } from './sms.table.ts';

export type ComposeInput = z.output<typeof composeBody>;
type Confirmed = z.output<typeof confirmedCounts>;

type Recipient = { studentId: number | null; name: string | null; audience: Audience; phone: string };
type Rendered = Recipient & { body: string };
type Problem = { code: string; message: string; spec: ErrorSpec; field?: string };

/** A week link as long as a real one, for previews (the real ones are made when sending). */
const PREVIEW_TOKEN = 'Xq7P2mVb9LkT4sWn8RcZ1hYd6FjG3aEu';
/** A schedule a minute in the past is still "now" (clocks differ by a little). */
const PAST_TOLERANCE_MS = 60_000;

/** #{점수} of a student without a score in the chosen exam. */
const NO_SCORE = '미응시';

const firstLine = (text: string) => (text.split('\n')[0] ?? '').slice(0, 40);

/**
 * Composing and sending: who gets it (students, their parents, both, or typed numbers), the text
 * per recipient (#{이름}, #{점수}, #{링크} filled for each; other #{변수} once from `values`),
 * the advertising rules, the preview, and the send itself — one batch, one statement of messages
 * in the outbox, the week links of #{링크} made in the same transaction.
 */
export function createComposeService(deps: SmsDeps & { settings: SettingsService }) {
  const { ctx, students, lectures, exams, parentWeek, templates, settings } = deps;
  const { db } = ctx;

  async function resolve(input: ComposeInput): Promise<{ recipients: Recipient[]; skipped: { name: string; reason: string }[] }> {
    const ids = [...new Set(input.studentIds)];
    const contacts = await students.contactsOf(ids);
    const unknown = ids.filter((id) => !contacts.has(id));
    if (unknown.length) throw appError(SMS_ERRORS.no_recipients, `학생을 찾을 수 없습니다 (ID ${unknown.join(', ')})`, { field: 'studentIds' });
    const recipients: Recipient[] = [];
    const skipped: { name: string; reason: string }[] = [];
    const ordered = ids.map((id) => ({ id, ...contacts.get(id)! })).sort((a, b) => compareKorean(a.name, b.name));
    for (const s of ordered) {
      if (input.audience !== 'parent') {
        if (s.phone) recipients.push({ studentId: s.id, name: s.name, audience: 'student', phone: s.phone });
        else skipped.push({ name: s.name, reason: '학생 번호 없음' });
      }
      if (input.audience !== 'student') {
        if (s.parentPhone) recipients.push({ studentId: s.id, name: s.name, audience: 'parent', phone: s.parentPhone });
        else skipped.push({ name: s.name, reason: '학부모 번호 없음' });
      }
    }
    for (const phone of new Set(input.phones)) recipients.push({ studentId: null, name: null, audience: 'other', phone });
    return { recipients, skipped };
  }

  /** Values the same for everyone: the typed ones and the lecture's name. */
  async function commonValues(input: ComposeInput): Promise<Record<string, string>> {
    const values: Record<string, string> = { ...input.values };
    if (input.lectureId && !values['강의명']) {
      const name = (await lectures.lectures.names([input.lectureId])).get(input.lectureId);
      if (name) values['강의명'] = name;
    }
    return values;
  }

  /** Each recipient's text; `link` makes (or, in a preview, imitates) the week link of #{링크}. */
  async function render(opts: { input: ComposeInput; recipients: Recipient[]; link: (r: Recipient) => Promise<string> }): Promise<Rendered[]> {
    const { input, recipients } = opts;
    const common = await commonValues(input);
    const wants = new Set(variablesIn(input.body));
    const scores = wants.has('점수') && input.examId ? await exams.results.firstScores({ examId: input.examId, userIds: recipients.flatMap((r) => (r.studentId ? [r.studentId] : [])) }) : null;
    const c = input.advertising ? await settings.center() : null;
    const seen = new Set<string>();
    const out: Rendered[] = [];
    for (const r of recipients) {
      const values: Record<string, string | undefined> = { ...common };
      if (r.name) values['이름'] = r.name;
      let text = input.body;
      if (scores && r.studentId) {
        // A student with no score (absent, or not typed yet) reads "미응시", and "#{점수}점" then loses its 점.
        const score = scores.get(r.studentId);
        values['점수'] = score === null || score === undefined ? NO_SCORE : String(score);
        if (values['점수'] === NO_SCORE) text = text.replaceAll('#{점수}점', '#{점수}');
      }
      if (wants.has('링크') && r.studentId) values['링크'] = await opts.link(r);
      let body = fillVariables(text, values);
      if (c) body = advertisingBody({ body, senderName: c.senderName, optOutNotice: c.optOutNotice });
      // Two students with one parent phone get a text each (their names differ); the very same text twice is sent once.
      const key = `${r.phone}\n${body}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ...r, body });
    }
    return out;
  }

  function sendAtOf(input: ComposeInput): Date {
    const at = input.scheduledAt ? new Date(input.scheduledAt) : ctx.now();
    return at < ctx.now() ? ctx.now() : at;
  }

  async function problemsOf(input: ComposeInput, messages: Rendered[]): Promise<Problem[]> {
    const problems: Problem[] = [];
    if (messages.length === 0) problems.push({ code: SMS_ERRORS.no_recipients.code, spec: SMS_ERRORS.no_recipients, field: 'studentIds', message: '받을 사람이 없습니다. 번호가 있는 학생이나 학부모를 골라 주세요' });
    const unfilled = new Map<string, number>();
    for (const m of messages) for (const v of variablesIn(m.body)) unfilled.set(v, (unfilled.get(v) ?? 0) + 1);
    for (const [name, n] of unfilled) {
      const hint = name === '점수' ? ' 시험을 골라 주세요' : name === '링크' || name === '이름' ? ' 직접 입력한 번호에는 이 변수를 쓸 수 없습니다' : ` '${name}' 값을 입력해 주세요`;
      problems.push({ code: SMS_ERRORS.unfilled_variables.code, spec: SMS_ERRORS.unfilled_variables, field: 'body', message: `#{${name}}을(를) 채울 수 없는 문자가 ${n}통 있습니다.${hint}` });
    }
    const long = messages.filter((m) => eucKrByteLength(m.body) > LMS_MAX_BYTES).length;
    if (long) problems.push({ code: SMS_ERRORS.too_long.code, spec: SMS_ERRORS.too_long, field: 'body', message: `${LMS_MAX_BYTES.toLocaleString('ko-KR')}바이트를 넘는 문자가 ${long}통 있습니다 (변수와 광고 문구를 채운 뒤)` });
    if (input.scheduledAt && new Date(input.scheduledAt).getTime() < ctx.now().getTime() - PAST_TOLERANCE_MS) {
      problems.push({ code: SMS_ERRORS.schedule_invalid.code, spec: SMS_ERRORS.schedule_invalid, field: 'scheduledAt', message: '예약 시각이 이미 지났습니다' });
    }
    if (input.advertising) {
      if (!(await settings.center()).optOutNotice) {
        problems.push({ code: SMS_ERRORS.opt_out_missing.code, spec: SMS_ERRORS.opt_out_missing, field: 'advertising', message: '광고 문자에는 무료 수신거부 안내가 있어야 합니다. 문자 설정에서 먼저 입력해 주세요' });
      }
      if (isAdQuietHour(sendAtOf(input))) {
        problems.push({ code: SMS_ERRORS.ad_quiet_hours.code, spec: SMS_ERRORS.ad_quiet_hours, field: 'scheduledAt', message: '광고 문자는 21시부터 다음 날 8시까지 보낼 수 없습니다 (정보통신망법 제50조). 8시 이후로 예약해 주세요' });
      }
    }
    return problems;
  }

  function counts(messages: Rendered[]) {
    const lms = messages.filter((m) => messageKind(m.body) === 'LMS').length;
    return { total: messages.length, sms: messages.length - lms, lms, estimatedCost: estimateCost({ sms: messages.length - lms, lms }, ctx.sms.prices) };
  }

  async function checkRefs(input: ComposeInput) {
    if (input.templateId && !(await templates.get(input.templateId))) throw appError(SMS_ERRORS.template_not_found, `템플릿을 찾을 수 없습니다 (ID ${input.templateId})`, { field: 'templateId' });
    if (input.lectureId) await lectures.lectures.requireIds({ ids: [input.lectureId], field: 'lectureId' });
    if (input.examId) await exams.exams.get(input.examId);
  }

  /**
   * Sends: refuses (400, the first problem) when anything would go out wrong; otherwise one batch
   * and its messages in one transaction, due now or at `scheduledAt`.
   */
  async function send(opts: {
    input: ComposeInput; origin: string; actorId: number | null; purpose?: 'compose' | 'schedule'; scheduleId?: number; title?: string;
    /** The counts the sender confirmed from the preview: a send that would differ is refused. */
    confirmed?: Confirmed | null;
  }): Promise<SmsSendResult> {
    const { input } = opts;
    await checkRefs(input);
    const { recipients, skipped } = await resolve(input);
    const sendAt = sendAtOf(input);
    const weekLinkDays = (await settings.center()).weekLinkDays;
    const template = input.templateId ? await templates.get(input.templateId) : null;
    return db.transaction(async () => {
      const messages = await render({
        input,
        recipients,
        link: async (r) =>
          (await parentWeek.weekLinks.make({ studentId: r.studentId!, expiresInDays: weekLinkDays, origin: opts.origin, createdBy: opts.actorId ?? 0, smsPhone: r.phone })).url,
      });
      const [problem] = await problemsOf(input, messages);
      if (problem) throw appError(problem.spec, problem.message, problem.field ? { field: problem.field } : {});
      const c = counts(messages);
      const seen = opts.confirmed;
      if (seen && (seen.total !== c.total || seen.sms !== c.sms || seen.lms !== c.lms || seen.estimatedCost !== c.estimatedCost)) {
        throw appError(
          SMS_ERRORS.preview_stale,
          `확인한 미리 보기(${seen.total.toLocaleString('ko-KR')}통)와 지금 보낼 문자(${c.total.toLocaleString('ko-KR')}통, SMS ${c.sms}, LMS ${c.lms})가 다릅니다. 미리 보기를 다시 확인하고 보내 주세요`,
        );
      }
      const [batch] = await db
        .insert(smsBatches)
        .values({
          purpose: opts.purpose ?? 'compose', title: opts.title ?? template?.title ?? firstLine(input.body), body: input.body, templateId: input.templateId ?? null,
          audience: input.audience, advertising: input.advertising, lectureId: input.lectureId ?? null, examId: input.examId ?? null, scheduleId: opts.scheduleId ?? null,
          total: c.total, sendAt, createdBy: opts.actorId, createdAt: ctx.now(),
        })
        .returning();
      const rows: SmsMessage[] = messages.map((m) => ({
        toPhone: m.phone, body: m.body, purpose: opts.purpose ?? 'compose', userId: m.studentId, audience: m.audience, batchId: batch!.id,
        createdBy: opts.actorId, advertising: input.advertising, sendAfter: sendAt,
      }));
      await ctx.sms.queueMany(rows);
      await ctx.audit.record({
        actorId: opts.actorId, action: 'sms.send', entity: 'sms_batch', entityId: batch!.id,
        after: { ...c, audience: input.audience, advertising: input.advertising, sendAt: sendAt.toISOString(), templateId: input.templateId ?? null, skipped: skipped.length },
      });
      return { batchId: batch!.id, queued: c.total, sms: c.sms, lms: c.lms, estimatedCost: c.estimatedCost, sendAt: sendAt.toISOString(), skipped };
    });
  }

  return {
    send,

    /** What a send would do: counts, cost, the first three texts, who is left out, and why it could not go yet. */
    async preview(opts: { input: ComposeInput; origin: string }): Promise<SmsPreview> {
      const { input } = opts;
      await checkRefs(input);
      const { recipients, skipped } = await resolve(input);
      const messages = await render({ input, recipients, link: async () => `${opts.origin}/link/week/${PREVIEW_TOKEN}` });
      const problems = await problemsOf(input, messages);
      return {
        ...counts(messages),
        samples: messages.slice(0, 3).map((m) => ({ name: m.name, audience: m.audience, phone: m.phone, body: m.body, bytes: eucKrByteLength(m.body), kind: messageKind(m.body) })),
        skipped,
        problems: problems.map((p) => ({ code: p.code, message: p.message })),
        sendAt: sendAtOf(input).toISOString(),
      };
    },
  };
}

export type ComposeService = ReturnType<typeof createComposeService>;
