import { z } from 'zod';
import { text } from './validation.ts';
import { LMS_MAX_BYTES, eucKrByteLength } from './sms.ts';

/** Categories of message templates (SPEC §3 pushAlertTemplates). */
export const PUSH_ALERT_CATEGORIES = ['출결', '성적', '클리닉', '상담', '일반'] as const;
export type PushAlertCategory = (typeof PUSH_ALERT_CATEGORIES)[number];

/** Variables a template body may use, with the sample value the preview fills in. */
export const TEMPLATE_VARIABLES = [
  { token: '#{이름}', label: '학생 이름', sample: '최민준' },
  { token: '#{점수}', label: '점수', sample: '92' },
  { token: '#{링크}', label: '링크', sample: 'https://academy.kr/r/8Kq2' },
  { token: '#{날짜}', label: '날짜', sample: '11월 21일(토)' },
  { token: '#{시간}', label: '시간', sample: '오후 6:30' },
  { token: '#{강의명}', label: '강의명', sample: '고2 수학 심화반' },
] as const;

/** Replaces every known #{변수} with its value; unknown variables stay as written so they show. */
export function fillTemplate(body: string, values: Record<string, string> = sampleValues()): string {
  return body.replace(/#\{([^}]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

export function sampleValues(): Record<string, string> {
  return Object.fromEntries(TEMPLATE_VARIABLES.map((v) => [v.token.slice(2, -1), v.sample]));
}

const body = text()
  .trim()
  .min(1, '내용을 입력해 주세요')
  .refine((v) => eucKrByteLength(v) <= LMS_MAX_BYTES, `내용은 ${LMS_MAX_BYTES.toLocaleString('ko-KR')}바이트(EUC-KR) 이하여야 합니다`)
  .describe('본문. #{이름} #{점수} #{링크} 같은 변수를 쓸 수 있습니다');

export const pushAlertTemplateCreateSchema = z.object({
  title: text().trim().min(1, '제목을 입력해 주세요').max(60, '제목은 60자 이하로 입력해 주세요').describe('템플릿 이름'),
  category: z.enum(PUSH_ALERT_CATEGORIES, { error: `분류는 ${PUSH_ALERT_CATEGORIES.join(', ')} 중 하나여야 합니다` }).describe('분류'),
  body,
  isActive: z.boolean({ error: '사용 여부는 참/거짓이어야 합니다' }).default(true).describe('사용 여부'),
});

export const pushAlertTemplateUpdateSchema = z.object({
  title: pushAlertTemplateCreateSchema.shape.title.optional(),
  category: pushAlertTemplateCreateSchema.shape.category.optional(),
  body: body.optional(),
  isActive: z.boolean({ error: '사용 여부는 참/거짓이어야 합니다' }).optional(),
});
export type PushAlertTemplateInput = z.input<typeof pushAlertTemplateCreateSchema>;

/** A template as the GraphQL data layer returns it (ids are GraphQL IDs, i.e. strings). */
export type PushAlertTemplate = { id: string; createdAt: string; updatedAt: string } & z.output<typeof pushAlertTemplateCreateSchema>;
/** What the editor sends to create or change one. */
export type PushAlertTemplateDraft = z.output<typeof pushAlertTemplateCreateSchema>;
