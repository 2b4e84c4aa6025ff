/**
 * The 원장's dashboard (issue 41): the center's figures over a period, each counted from the rows
 * of the list it links to. Every request and reply of the dashboard area and one endpoint per call.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { reportIssues, type RuleIssue } from './rules.ts';
import { isoDateSchema, text } from './validation.ts';

export const DASHBOARD_ERRORS = errorCodes('dashboard', { range_invalid: 400 });

/** The longest period the dashboard reads at once: three years and a day for leap years. */
export const DASHBOARD_MAX_DAYS = 3 * 366;

export function periodIssues(v: { startDate: string; endDate: string }): RuleIssue[] {
  const days = (Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000;
  if (days < 0) return [{ path: ['endDate'], code: DASHBOARD_ERRORS.range_invalid.code, message: '종료일이 시작일보다 빠릅니다' }];
  if (days >= DASHBOARD_MAX_DAYS) return [{ path: ['endDate'], code: DASHBOARD_ERRORS.range_invalid.code, message: '기간은 3년까지 볼 수 있습니다' }];
  return [];
}

export const periodQuery = z
  .object({ startDate: isoDateSchema.describe('시작일'), endDate: isoDateSchema.describe('종료일 (포함)') })
  .superRefine((v, ctx) => reportIssues(ctx, periodIssues(v)));
export type PeriodQuery = z.infer<typeof periodQuery>;

/** One lecture in one month: students on the roster at some point of the month, joined, left. */
export const enrollmentMonth = z.object({
  month: text().describe('월 (YYYY-MM)'),
  lectureId: z.number(),
  lectureName: text(),
  targetGrade: text().nullable().describe('강좌 대상 학년'),
  active: z.number().describe('그 달에 수강한 학생 수 (그 달 안에 들어왔거나 그 달 이후까지 남은 학생)'),
  joined: z.number().describe('그 달에 등록한 학생 수'),
  left: z.number().describe('그 달에 퇴원(수강 종료)한 학생 수'),
});
export type EnrollmentMonth = z.infer<typeof enrollmentMonth>;

/** One lecture in one week (Monday first): its sessions held and the marks staff gave. */
export const attendanceWeek = z.object({
  weekStart: text().describe('그 주의 월요일 (YYYY-MM-DD)'),
  lectureId: z.number(),
  lectureName: text(),
  sessions: z.number().describe('그 주의 회차 수'),
  marked: z.number().describe('출결이 입력된 칸 수'),
  present: z.number().describe('출석으로 치는 출결 수'),
  late: z.number().describe('지각 수'),
  rate: z.number().nullable().describe('출석률 (0~1, 입력된 칸이 없으면 null)'),
});
export type AttendanceWeek = z.infer<typeof attendanceWeek>;

/** One exam of a session in the period: its class average against its cutline. */
export const scoreTrend = z.object({
  examId: z.number(),
  lectureId: z.number(),
  lectureName: text(),
  weeklyLectureId: z.number(),
  date: text().describe('회차 날짜 (YYYY-MM-DD)'),
  title: text().describe('시험 이름'),
  maxScore: z.number(),
  cutline: z.number().nullable().describe('커트라인 (없으면 null)'),
  takers: z.number().describe('응시자 수 (1차 점수가 있는 학생)'),
  average: z.number().nullable().describe('반 평균 (1차 점수, 응시자가 없으면 null)'),
  below: z.number().describe('커트라인 미만 학생 수'),
});
export type ScoreTrend = z.infer<typeof scoreTrend>;

/** One month of clinic slots: students booked, arrived, and done (retake graded). */
export const clinicMonth = z.object({
  month: text().describe('월 (YYYY-MM)'),
  booked: z.number().describe('클리닉에 배정·예약된 학생 수'),
  arrived: z.number().describe('도착한 학생 수'),
  completed: z.number().describe('재시험 채점까지 마친 학생 수'),
  rate: z.number().nullable().describe('완료율 (0~1, 예약이 없으면 null)'),
});
export type ClinicMonth = z.infer<typeof clinicMonth>;

/** One month's texts handed to the carrier, and what they cost at the configured prices. */
export const smsSpendMonth = z.object({
  month: text().describe('월 (YYYY-MM)'),
  sms: z.number().describe('보낸 단문(SMS) 수'),
  lms: z.number().describe('보낸 장문(LMS) 수'),
  cost: z.number().describe('비용 (원, 설정된 단가로 계산)'),
});
export type SmsSpendMonth = z.infer<typeof smsSpendMonth>;

const tag = 'dashboard';
export const dashboardApi = {
  enrollment: endpoint({
    method: 'GET', path: '/dashboard/enrollment', tag, permission: 'ADMIN',
    summary: '월별 재원·신규·퇴원 학생 수 (강좌·학년별)', query: periodQuery, reply: z.array(enrollmentMonth),
  }),
  attendance: endpoint({
    method: 'GET', path: '/dashboard/attendance', tag, permission: 'ADMIN',
    summary: '주별 출석률과 지각 (강좌별)', query: periodQuery, reply: z.array(attendanceWeek),
  }),
  scores: endpoint({
    method: 'GET', path: '/dashboard/scores', tag, permission: 'ADMIN',
    summary: '시험별 반 평균과 커트라인 (강좌별 추이)', query: periodQuery, reply: z.array(scoreTrend),
  }),
  clinic: endpoint({
    method: 'GET', path: '/dashboard/clinic', tag, permission: 'ADMIN',
    summary: '월별 클리닉 완료율', query: periodQuery, reply: z.array(clinicMonth),
  }),
  smsSpend: endpoint({
    method: 'GET', path: '/dashboard/sms-spend', tag, permission: 'ADMIN',
    summary: '월별 문자 발송 수와 비용', query: periodQuery, reply: z.array(smsSpendMonth),
  }),
};
