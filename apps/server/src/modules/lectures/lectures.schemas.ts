import { isoDateSchema } from '@academy/contracts/validation';
import { z } from 'zod';

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시각은 HH:MM (예: 19:00) 형식이어야 합니다')
  .describe('시각 (HH:MM)');

export const scheduleSlotSchema = z.object({
  dayOfWeek: z.number().int().min(1).max(7).describe('요일 (1=월 … 7=일)'),
  startTime: time,
  endTime: time,
});

export const lectureBody = z.object({
  name: z.string().trim().min(1).max(100).describe('강좌명'),
  subject: z.string().trim().min(1).max(30).describe('과목 (수학, 국어 …)'),
  teacherName: z.string().trim().min(1).max(30).describe('담당 강사 이름 (계정이 없는 외부 강사도 가능)'),
  targetSchool: z.string().trim().max(50).nullish().describe('대상 학교'),
  targetGrade: z.string().trim().max(20).nullish().describe('대상 학년 (고2 등)'),
  schedule: z.array(scheduleSlotSchema).max(14).describe('주간 시간표: 요일과 시각. 같은 요일 시간이 겹치면 거부'),
  room: z.string().trim().max(30).nullish().describe('강의실'),
  startDate: isoDateSchema.describe('개강일'),
  endDate: isoDateSchema.describe('종강일'),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/, '색상은 #RRGGBB 형식이어야 합니다').optional().describe('표시 색상'),
});

export const scheduleSlotReply = z.object({ dayOfWeek: z.number(), startTime: z.string(), endTime: z.string() });

export const lectureReply = z.object({
  id: z.number(),
  name: z.string(),
  subject: z.string(),
  teacherName: z.string(),
  targetSchool: z.string().nullable(),
  targetGrade: z.string().nullable(),
  schedule: z.array(scheduleSlotReply),
  room: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  color: z.string(),
  disabled: z.boolean(),
});

export const weeklyLectureReply = z.object({
  id: z.number(),
  lectureId: z.number(),
  seq: z.number().nullable().describe('정규 회차 번호 (특별 회차는 null)'),
  title: z.string(),
  specialName: z.string().nullable().describe('보강, 특강 등 특별 회차 이름'),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});

export const ddayReply = z.object({
  id: z.number(),
  lectureId: z.number(),
  title: z.string(),
  date: z.string(),
  seq: z.number(),
  label: z.string().describe('D-12, D-day, D+3'),
});

export const ddayBody = z.object({
  title: z.string().trim().min(1).max(50).describe('D-day 이름 (기말고사, 2027 수능 …)'),
  date: isoDateSchema.describe('날짜'),
});

export const userIdsBody = z.object({
  userIds: z.array(z.number().int().positive()).min(1).max(2000).describe('학생 사용자 ID 목록'),
});
