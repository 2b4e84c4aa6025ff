/**
 * Text messages: the byte rules carriers count by, the advertising rules of Korean law, costs, and
 * the states a message goes through, and the SMS area's API. Shared by the server's outbox
 * (src/lib/sms), the SMS module and the web's composer.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { linkDaysSchema } from './links.ts';
import { id, idListParam, idParam, phoneSchema, text } from './validation.ts';

/** SMS up to 90 bytes in EUC-KR, LMS above that up to 2,000 bytes (PRODUCT.md "SMS"). */
export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;

/**
 * Byte length as carriers count it in EUC-KR: ASCII is 1 byte, Hangul and every other
 * character 2 (characters outside EUC-KR are replaced by carriers, still 2 bytes).
 */
export function eucKrByteLength(text: string): number {
  let n = 0;
  for (const ch of text) n += (ch.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2;
  return n;
}

export type MessageKind = 'SMS' | 'LMS';

export function messageKind(body: string): MessageKind {
  return eucKrByteLength(body) <= SMS_MAX_BYTES ? 'SMS' : 'LMS';
}

/**
 * Where a message is on its way. `queued` waits for its time (and its turn under the send rate);
 * `sending` is handed to the provider; `sent` was accepted by the provider (with the outbox
 * driver: stored only); `delivered` reached the phone (the provider reported it); `failed` carries
 * its reason; `cancelled` was a scheduled message withdrawn before its time.
 */
export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'failed', 'cancelled'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABEL: Record<MessageStatus, string> = {
  queued: '대기',
  sending: '보내는 중',
  sent: '발송',
  delivered: '수신 완료',
  failed: '실패',
  cancelled: '예약 취소',
};

/** Who a message went to, as the history shows it. */
export const AUDIENCES = ['student', 'parent', 'staff', 'other'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_LABEL: Record<Audience, string> = { student: '학생', parent: '학부모', staff: '직원', other: '직접 입력' };

/**
 * Who a message goes or went to, in one phrase: "김민준 학부모", "학부모" or "직접 입력" (a typed
 * number) — the one label of the history, its detail and the preview, never "직접 입력 직접 입력".
 */
export function recipientLabel(r: { name: string | null | undefined; audience: Audience | null | undefined }): string {
  const who = r.audience && r.audience !== 'other' ? AUDIENCE_LABEL[r.audience] : '';
  if (r.name) return who ? `${r.name} ${who}` : r.name;
  return who || AUDIENCE_LABEL.other;
}

/** Why a message was sent (the purposes every area texts for), as the history shows them. */
export const PURPOSE_LABEL: Record<string, string> = {
  compose: '직접 발송',
  schedule: '정기 발송',
  password_reset: '비밀번호 재설정',
  phone_changed: '전화번호 변경 알림',
  score_link: '성적 링크',
  file_parent_link: '자료 링크',
  absence: '결석 알림',
  late: '지각 알림',
  score_released: '성적 공개 알림',
  clinic_hurry: '클리닉 재촉',
  board_answer: '게시판 답변',
  week_link: '주간 리포트',
};

export const purposeLabel = (purpose: string): string => PURPOSE_LABEL[purpose] ?? purpose;

// ---------------------------------------------------------------------------------------------
// Advertising (정보통신망 이용촉진 및 정보보호 등에 관한 법률 제50조, 시행령 제61조)
// ---------------------------------------------------------------------------------------------

/** An advertising message starts with this (법 제50조 제4항: 광고임을 밝힐 것). */
export const AD_PREFIX = '(광고)';
/** Hours (Korea time) in which advertising may not be sent without separate consent (법 제50조 제3항). */
export const AD_QUIET_FROM_HOUR = 21;
export const AD_QUIET_UNTIL_HOUR = 8;

const KST_OFFSET_MS = 9 * 3_600_000;

/** True from 21:00 to 07:59 Korea time. */
export function isAdQuietHour(at: Date): boolean {
  const hour = new Date(at.getTime() + KST_OFFSET_MS).getUTCHours();
  return hour >= AD_QUIET_FROM_HOUR || hour < AD_QUIET_UNTIL_HOUR;
}

/** The next 08:00 Korea time at or after `at` (the earliest an advertising message may go). */
export function nextAdWindowStart(at: Date): Date {
  if (!isAdQuietHour(at)) return at;
  const kst = new Date(at.getTime() + KST_OFFSET_MS);
  const day = kst.getUTCHours() >= AD_QUIET_FROM_HOUR ? kst.getUTCDate() + 1 : kst.getUTCDate();
  return new Date(Date.UTC(kst.getUTCFullYear(), kst.getUTCMonth(), day, AD_QUIET_UNTIL_HOUR) - KST_OFFSET_MS);
}

/**
 * The text an advertising message is sent with: "(광고)" and the sender's name first, the free
 * opt-out notice last (법 제50조 제4항, 시행령 제61조). Applied by the server; the composer shows it.
 */
export function advertisingBody(opts: { body: string; senderName: string; optOutNotice: string }): string {
  const head = `${AD_PREFIX}${opts.senderName ? `${opts.senderName} ` : ''}`;
  const body = opts.body.startsWith(AD_PREFIX) ? opts.body.slice(AD_PREFIX.length).trimStart() : opts.body;
  return `${head}${body}\n${opts.optOutNotice}`;
}

// ---------------------------------------------------------------------------------------------
// Cost (provider settings: SMS_PRICE_SMS, SMS_PRICE_LMS, SMS_PRICE_ALIMTALK)
// ---------------------------------------------------------------------------------------------

export type MessagePrices = { sms: number; lms: number; alimtalk: number };

/** Estimated cost in won of some messages, by kind (prices may have a fraction, e.g. 8.4원). */
export function estimateCost(counts: { sms: number; lms: number }, prices: MessagePrices): number {
  return Math.round((counts.sms * prices.sms + counts.lms * prices.lms) * 10) / 10;
}

// ---------------------------------------------------------------------------------------------
// Composing: recipients, variables, preview (the SMS area's API below)
// ---------------------------------------------------------------------------------------------

/** Variables filled per recipient by the server; any other #{…} is a value the sender types once. */
export const RECIPIENT_VARIABLES = ['이름', '점수', '링크'] as const;

/** The #{변수} names a text still holds. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(/#\{([^}]+)\}/g)].map((m) => m[1]!))];
}

/** Fills #{변수} from `values`; unknown ones stay as written (the server refuses to send them). */
export function fillVariables(text: string, values: Record<string, string | undefined>): string {
  return text.replace(/#\{([^}]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Events that text someone by themselves, each a switch in the settings with its template. */
export const SMS_EVENTS = ['absence', 'late', 'score_released', 'clinic_hurry'] as const;
export type SmsEvent = (typeof SMS_EVENTS)[number];
export const SMS_EVENT_LABEL: Record<SmsEvent, string> = {
  absence: '결석 → 학부모',
  late: '지각 → 학부모',
  score_released: '성적 공개 → 학부모 (성적 링크)',
  clinic_hurry: '클리닉 재촉 → 학생',
};
/** The variables each event fills. */
export const SMS_EVENT_VARIABLES: Record<SmsEvent, string[]> = {
  absence: ['이름', '강의명', '날짜', '시간'],
  late: ['이름', '강의명', '날짜', '시간'],
  score_released: ['이름', '강의명', '점수', '링크'],
  clinic_hurry: ['이름', '날짜', '시간'],
};

// ---------------------------------------------------------------------------------------------
// The SMS area's API
// ---------------------------------------------------------------------------------------------

export const SMS_ERRORS = errorCodes('sms', {
  no_recipients: 400,
  too_many_recipients: 400,
  unfilled_variables: 400,
  too_long: 400,
  ad_quiet_hours: 400,
  opt_out_missing: 400,
  schedule_invalid: 400,
  template_not_found: 404,
  message_not_found: 404,
  batch_not_found: 404,
  schedule_not_found: 404,
  not_resendable: 409,
  not_cancellable: 409,
  preview_stale: 409,
});

export const MAX_RECIPIENTS = 5000;

export const RECIPIENT_AUDIENCES = ['student', 'parent', 'both'] as const;
export type RecipientAudience = (typeof RECIPIENT_AUDIENCES)[number];
export const RECIPIENT_AUDIENCE_LABEL: Record<RecipientAudience, string> = { student: '학생', parent: '학부모', both: '학생과 학부모' };

const messageText = text()
  .trim()
  .min(1, '보낼 내용을 입력해 주세요')
  .max(4000)
  .refine((v) => eucKrByteLength(v) <= LMS_MAX_BYTES, `내용은 ${LMS_MAX_BYTES.toLocaleString('ko-KR')}바이트(EUC-KR) 이하여야 합니다`)
  .describe('보낼 내용. #{이름} #{점수} #{링크}는 받는 사람마다 채워지고, 다른 #{변수}는 values로 한 번 채웁니다');

export const composeBody = z.object({
  studentIds: z.array(id).max(MAX_RECIPIENTS, `한 번에 ${MAX_RECIPIENTS.toLocaleString('ko-KR')}명까지 보낼 수 있습니다`).default([]).describe('받을 학생 (audience에 따라 학생, 학부모 또는 둘 다)'),
  audience: z.enum(RECIPIENT_AUDIENCES, { error: '받는 사람은 학생, 학부모, 학생과 학부모 중 하나여야 합니다' }).default('parent'),
  phones: z.array(phoneSchema).max(500, '직접 입력한 번호는 500개까지입니다').default([]).describe('직접 입력한 번호'),
  templateId: id.nullish().describe('고른 템플릿 (기록용; 내용은 body)'),
  body: messageText,
  lectureId: id.nullish().describe('#{강의명}을 채울 강좌 (강좌 수강생을 고른 경우)'),
  examId: id.nullish().describe('#{점수}를 채울 시험'),
  values: z.record(text().max(20), text().trim().max(200)).default({}).describe('받는 사람과 상관없는 변수 값: { "날짜": "11월 21일(토)" }'),
  advertising: z.boolean().default(false).describe('광고성 문자: (광고)와 수신거부 안내를 붙이고 21시~8시에는 보내지 않습니다 (정보통신망법 제50조)'),
  scheduledAt: z.iso.datetime({ offset: true, error: '예약 시각 형식이 올바르지 않습니다' }).nullish().describe('예약 발송 시각 (없으면 바로)'),
});
export type ComposeBody = z.input<typeof composeBody>;

/** What the sender confirmed from the preview; the send refuses (409) when its own count differs. */
export const confirmedCounts = z.object({
  total: z.number().int().min(0),
  sms: z.number().int().min(0),
  lms: z.number().int().min(0),
  estimatedCost: z.number().min(0),
});
export const sendBody = composeBody.extend({
  confirmed: confirmedCounts.nullish().describe('확인 창에서 본 건수와 비용 (미리 보기 그대로). 보낼 때 다시 센 것과 다르면 409 sms.preview_stale'),
});
export type SendBody = z.input<typeof sendBody>;

export const previewMessage = z.object({
  name: text().nullable().describe('학생 이름 (직접 입력한 번호는 null)'),
  audience: z.enum(AUDIENCES),
  phone: text(),
  body: text(),
  bytes: z.number(),
  kind: z.enum(['SMS', 'LMS']),
});
export const skippedRecipient = z.object({ name: text(), reason: text() });

export const smsPreview = z.object({
  total: z.number().describe('보낼 문자 수'),
  sms: z.number(),
  lms: z.number(),
  estimatedCost: z.number().describe('예상 비용 (원)'),
  samples: z.array(previewMessage).describe('처음 세 통'),
  skipped: z.array(skippedRecipient).describe('번호가 없어 빠지는 사람'),
  problems: z.array(z.object({ code: text(), message: text() })).describe('이대로는 보낼 수 없는 이유'),
  sendAt: text().describe('실제로 보내기 시작할 시각'),
});
export type SmsPreview = z.infer<typeof smsPreview>;

export const smsSendResult = z.object({
  batchId: z.number(),
  queued: z.number(),
  sms: z.number(),
  lms: z.number(),
  estimatedCost: z.number(),
  sendAt: text(),
  skipped: z.array(skippedRecipient),
});
export type SmsSendResult = z.infer<typeof smsSendResult>;

export const smsRecipient = z.object({
  id: z.number(),
  name: text(),
  loginId: text(),
  phone: text().nullable(),
  parentPhone: text().nullable(),
});
export type SmsRecipient = z.infer<typeof smsRecipient>;

const statusCounts = z.object(Object.fromEntries(MESSAGE_STATUSES.map((s) => [s, z.number()])) as Record<MessageStatus, z.ZodNumber>);

export const smsBatch = z.object({
  id: z.number(),
  createdAt: text(),
  createdByName: text().nullable(),
  purpose: text(),
  title: text().describe('템플릿 이름이나 첫 줄'),
  audience: z.enum(RECIPIENT_AUDIENCES),
  advertising: z.boolean(),
  sendAt: text(),
  total: z.number(),
  counts: statusCounts,
});
export type SmsBatch = z.infer<typeof smsBatch>;

export const smsMessage = z.object({
  id: z.number(),
  batchId: z.number().nullable(),
  createdAt: text(),
  sendAfter: text(),
  toPhone: text(),
  recipientName: text().nullable().describe('학생 이름 (학부모에게 간 문자도 학생 이름)'),
  audience: z.enum(AUDIENCES).nullable(),
  purpose: text(),
  kind: z.enum(['SMS', 'LMS']),
  advertising: z.boolean(),
  status: z.enum(MESSAGE_STATUSES),
  result: text().nullable(),
  attempts: z.number(),
  provider: text().nullable(),
  sentAt: text().nullable(),
  doneAt: text().nullable(),
  body: text().describe('보낸 본문. 보안 문자(secret)는 링크를 가린 본문'),
  secret: z.boolean().describe('비밀번호 재설정·학부모 링크처럼 열쇠가 든 문자: 누구에게나 가려서 보이고 다시 보낼 수 없습니다'),
  resendOf: z.number().nullable(),
});
export type SmsHistoryMessage = z.infer<typeof smsMessage>;

export const smsMessageDetail = smsMessage.extend({
  attemptLog: z.array(z.object({ at: text(), driver: text(), outcome: text(), detail: text().nullable() })),
});

const page = { page: z.coerce.number().int().min(1).max(100000).default(1).describe('1부터'), size: z.coerce.number().int().min(1).max(200).default(50) };
const dateFilter = z.iso.date({ error: '날짜 형식이 올바르지 않습니다 (YYYY-MM-DD)' });

export const historyQuery = z.object({
  ...page,
  batchId: idParam.optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
  purpose: text().max(40).optional(),
  audience: z.enum(AUDIENCES).optional(),
  q: text().trim().max(40).optional().describe('학생 이름이나 번호'),
  from: dateFilter.optional().describe('이날부터 (한국 시각)'),
  to: dateFilter.optional().describe('이날까지'),
});

export const smsEventSetting = z.object({
  event: z.enum(SMS_EVENTS),
  enabled: z.boolean(),
  templateId: id.nullable().describe('보낼 템플릿 (없으면 기본 문구)'),
  attTypeId: id.nullable().describe('결석/지각 알림을 보낼 출결 유형 (없으면 이름이 결석/지각인 유형)'),
});
export type SmsEventSetting = z.infer<typeof smsEventSetting>;

const textHour = z.number().int().min(0, '시각은 0~24시 사이로 입력해 주세요').max(24, '시각은 0~24시 사이로 입력해 주세요');

/** Until a center sets its own: automatic attendance texts from 08:00 to 22:00 (Korea time). */
export const DEFAULT_TEXT_HOURS = { from: 8, until: 22 } as const;

const smsSettingsFields = z.object({
  senderName: text().trim().min(1, '보내는 곳 이름을 입력해 주세요').max(20, '보내는 곳 이름은 20자 이하로 입력해 주세요').describe('광고 문자 앞에 붙는 이름 (예: 한빛학원)'),
  optOutNotice: text().trim().max(60, '수신거부 안내는 60자 이하로 입력해 주세요').default('').describe('광고 문자 끝의 무료 수신거부 안내 (예: 무료수신거부 080-123-4567). 비어 있으면 광고 문자를 보낼 수 없습니다'),
  attendanceDelayMinutes: z.number().int().min(0).max(60).describe('출결 표시 후 알림까지 기다리는 분 (그 사이 고치면 보내지 않음)'),
  weekLinkDays: linkDaysSchema.describe('#{링크}로 보내는 주간 리포트 링크의 유효 기간 (일)'),
  textFromHour: textHour.default(DEFAULT_TEXT_HOURS.from).describe('결석/지각 자동 문자를 보내기 시작하는 시각 (한국 시각, 시)'),
  textUntilHour: textHour.default(DEFAULT_TEXT_HOURS.until).describe('이 시각부터는 다음 날 시작 시각에 보냄 (한국 시각, 시)'),
  events: z.array(smsEventSetting).max(SMS_EVENTS.length),
});

export const smsSettingsBody = smsSettingsFields.refine((v) => v.textFromHour < v.textUntilHour, { path: ['textUntilHour'], message: '자동 문자 보내는 시간은 시작 시각이 끝 시각보다 앞서야 합니다' });

export const smsSettings = smsSettingsFields.extend({
  driver: text().describe('outbox: 실제로 보내지 않음 / solapi'),
  prices: z.object({ sms: z.number(), lms: z.number(), alimtalk: z.number() }),
  ratePerSecond: z.number(),
  templates: z.array(z.object({ id: z.number(), title: text(), category: text(), body: text() })).describe('쓸 수 있는 템플릿'),
  attendanceTypes: z.array(z.object({ id: z.number(), name: text() })),
});
export type SmsSettings = z.infer<typeof smsSettings>;

const hhmm = text().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시각은 HH:MM 형식이어야 합니다 (예: 18:00)');

export const smsScheduleBody = z.object({
  name: text().trim().min(1, '이름을 입력해 주세요').max(40),
  lectureId: id.describe('받는 강좌 (수강생의 학생/학부모)'),
  audience: z.enum(RECIPIENT_AUDIENCES).default('parent'),
  templateId: id.nullish(),
  body: messageText,
  weekday: z.number().int().min(1, '요일은 1(월)~7(일)입니다').max(7, '요일은 1(월)~7(일)입니다').describe('1 = 월 … 7 = 일'),
  time: hhmm.describe('보낼 시각 (한국 시각)'),
  enabled: z.boolean().default(true),
});

export const smsSchedule = z.object({
  id: z.number(),
  name: text(),
  lectureId: z.number(),
  lectureName: text(),
  audience: z.enum(RECIPIENT_AUDIENCES),
  templateId: z.number().nullable(),
  body: text(),
  weekday: z.number(),
  time: text(),
  enabled: z.boolean(),
  lastRunAt: text().nullable(),
  nextRunAt: text().nullable(),
  createdByName: text().nullable(),
});
export type SmsSchedule = z.infer<typeof smsSchedule>;

const tag = 'sms';

export const smsApi = {
  send: endpoint({
    method: 'POST', path: '/sms/send', tag, permission: 'TA', summary: '문자 보내기 (템플릿, 받는 사람마다 변수 채움, 예약 가능)',
    description: 'SMS는 90바이트(EUC-KR)까지, 넘으면 LMS(2,000바이트까지). 채워지지 않은 변수가 남거나 번호가 하나도 없으면 400. confirmed(미리 보기에서 확인한 건수·비용)가 지금 세는 것과 다르면 409.',
    body: sendBody, reply: smsSendResult,
  }),
  preview: endpoint({
    method: 'POST', path: '/sms/preview', tag, permission: 'TA', summary: '보내기 전 미리 보기 (처음 세 통, 바이트, 건수, 예상 비용)',
    body: composeBody, reply: smsPreview,
  }),
  recipients: endpoint({
    method: 'GET', path: '/sms/recipients', tag, permission: 'TA', summary: '받는 사람 고르기: 강좌 수강생, 고른 학생, 이름 검색',
    query: z.object({
      lectureId: idParam.optional(),
      ids: idListParam.optional(),
      q: text().trim().min(1).max(20).optional(),
    }),
    reply: z.array(smsRecipient),
  }),
  batches: endpoint({
    method: 'GET', path: '/sms/batches', tag, permission: 'TA', summary: '보낸 문자 묶음 (최신순, 상태별 건수)',
    query: z.object(page), reply: z.object({ items: z.array(smsBatch), totalCount: z.number() }),
  }),
  cancelBatch: endpoint({
    method: 'POST', path: '/sms/batches/:id/cancel', tag, permission: 'TA', summary: '예약 발송 취소 (아직 나가지 않은 문자)',
    reply: z.object({ cancelled: z.number() }),
  }),
  history: endpoint({
    method: 'GET', path: '/sms/messages', tag, permission: 'TA', summary: '문자 내역 (받는 사람별 상태)',
    query: historyQuery, reply: z.object({ items: z.array(smsMessage), totalCount: z.number() }),
  }),
  message: endpoint({
    method: 'GET', path: '/sms/messages/:id', tag, permission: 'TA', summary: '문자 한 통과 모든 시도',
    reply: smsMessageDetail,
  }),
  resend: endpoint({
    method: 'POST', path: '/sms/messages/resend', tag, permission: 'TA', summary: '실패한 문자 다시 보내기',
    body: z.object({ messageIds: z.array(id).min(1, '다시 보낼 문자를 골라 주세요').max(MAX_RECIPIENTS) }),
    reply: z.object({ queued: z.number() }),
  }),
  settings: endpoint({
    method: 'GET', path: '/sms/settings', tag, permission: 'TA', summary: '문자 설정 (자동 문자, 광고 문구, 드라이버, 단가, 템플릿)',
    reply: smsSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT', path: '/sms/settings', tag, permission: 'ADMIN', summary: '문자 설정 바꾸기',
    body: smsSettingsBody, reply: smsSettings,
  }),
  schedules: endpoint({
    method: 'GET', path: '/sms/schedules', tag, permission: 'TA', summary: '정기 발송 목록', reply: z.array(smsSchedule),
  }),
  createSchedule: endpoint({
    method: 'POST', path: '/sms/schedules', tag, permission: 'ADMIN', summary: '정기 발송 만들기 (매주 요일·시각에 강좌 수강생/학부모에게)',
    body: smsScheduleBody, reply: smsSchedule,
  }),
  updateSchedule: endpoint({
    method: 'PUT', path: '/sms/schedules/:id', tag, permission: 'ADMIN', summary: '정기 발송 바꾸기', body: smsScheduleBody, reply: smsSchedule,
  }),
  deleteSchedule: endpoint({
    method: 'DELETE', path: '/sms/schedules/:id', tag, permission: 'ADMIN', summary: '정기 발송 지우기', reply: z.object({ id: z.number() }),
  }),
};
