/**
 * Lectures (강좌), their sessions (회차, weekly lectures), participants, announcements and
 * attendance: every request and reply of the lectures area, its error codes and its cross-field
 * rules (a timetable without overlaps, a period that ends after it starts), which run both in the
 * form and on the server.
 */
import { z } from 'zod';
import { DAY_LABELS, minutesOf } from './dates.ts';
import { downloadReply, endpoint, XLSX_TYPE } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { scoreGridEvents } from './exams.ts';
import { omrEvents } from './omr.ts';
import { defineTopic, type TopicEvent } from './realtime.ts';
import { reportIssues, type RuleIssue } from './rules.ts';
import { idParam, isoDateSchema, text } from './validation.ts';

export const LECTURE_ERRORS = errorCodes('lectures', {
  not_found: 404,
  unknown: 400,
  disabled: 409,
  unknown_students: 400,
  not_enrolled: 400,
  already_enrolled: 409,
  transfer_same: 400,
  schedule_invalid: 400,
  schedule_overlap: 400,
  period_invalid: 400,
  dday_not_found: 404,
  dday_order_invalid: 400,
  dday_order_incomplete: 400,
});
export const WEEKLY_LECTURE_ERRORS = errorCodes('weekly_lectures', {
  not_found: 404,
  time_invalid: 400,
  no_students: 400,
  announcement_not_found: 404,
});
export const ATTENDANCE_ERRORS = errorCodes('attendance', {
  type_not_found: 404,
  unknown_type: 400,
  type_name_taken: 409,
  type_in_use: 409,
  not_participant: 400,
  unknown_users: 400,
  locked: 409,
});
export const PORTAL_ERRORS = errorCodes('portal', { range_invalid: 400 });

// ─── rules shared by the form and the server ────────────────────────────────────────────────────

export const timeSchema = text()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '시각은 HH:MM (예: 19:00) 형식이어야 합니다')
  .describe('시각 (HH:MM)');

export const scheduleSlotSchema = z.object({
  dayOfWeek: z.number().int().min(1).max(7).describe('요일 (1=월 … 7=일)'),
  startTime: timeSchema,
  endTime: timeSchema,
});
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

/**
 * What is wrong with a timetable a center could not run: a slot that ends before it starts, or
 * two slots of one day that overlap. Empty when it is fine. The issues name the whole timetable
 * (the form shows them under its rows), and their messages say which rows.
 */
export function scheduleIssues(slots: readonly ScheduleSlot[]): RuleIssue[] {
  const issues: RuleIssue[] = [];
  slots.forEach((s, i) => {
    if (minutesOf(s.endTime) <= minutesOf(s.startTime)) {
      issues.push({
        path: ['schedule'],
        code: LECTURE_ERRORS.schedule_invalid.code,
        message: `${i + 1}번째 시간: 종료 시각(${s.endTime})이 시작 시각(${s.startTime})보다 늦어야 합니다`,
      });
    }
  });
  for (let i = 0; i < slots.length; i++) {
    for (let j = i + 1; j < slots.length; j++) {
      const a = slots[i]!;
      const b = slots[j]!;
      if (a.dayOfWeek !== b.dayOfWeek) continue;
      if (minutesOf(a.startTime) < minutesOf(b.endTime) && minutesOf(b.startTime) < minutesOf(a.endTime)) {
        issues.push({
          path: ['schedule'],
          code: LECTURE_ERRORS.schedule_overlap.code,
          message: `${DAY_LABELS[a.dayOfWeek]}요일 ${a.startTime}–${a.endTime}과 ${b.startTime}–${b.endTime} 시간이 겹칩니다`,
        });
      }
    }
  }
  return issues;
}

/** "월·수·금 19:00–22:00" (slots sharing a time are grouped). */
export function scheduleText(schedule: readonly ScheduleSlot[]): string {
  if (schedule.length === 0) return '시간표 없음';
  const groups = new Map<string, number[]>();
  for (const s of schedule) {
    const key = `${s.startTime}–${s.endTime}`;
    groups.set(key, [...(groups.get(key) ?? []), s.dayOfWeek]);
  }
  return [...groups.entries()].map(([time, days]) => `${days.sort((a, b) => a - b).map((d) => DAY_LABELS[d]).join('·')} ${time}`).join(', ');
}

// ─── lectures ───────────────────────────────────────────────────────────────────────────────────

const optionalText = (max: number) => text().trim().max(max).nullish();

export const lectureFields = z.object({
  name: text().trim().min(1, '강좌명을 입력해 주세요').max(100).describe('강좌명'),
  subject: text().trim().min(1, '과목을 입력해 주세요').max(30).describe('과목 (수학, 국어 …)'),
  teacherName: text().trim().min(1, '담당 강사를 입력해 주세요').max(30).describe('담당 강사 이름 (계정이 없는 외부 강사도 가능)'),
  targetSchool: optionalText(50).describe('대상 학교'),
  targetGrade: optionalText(20).describe('대상 학년 (고2 등)'),
  schedule: z.array(scheduleSlotSchema).max(14).describe('주간 시간표: 요일과 시각. 같은 요일 시간이 겹치면 거부'),
  room: optionalText(30).describe('강의실'),
  startDate: isoDateSchema.describe('개강일'),
  endDate: isoDateSchema.describe('종강일'),
  color: text().regex(/^#[0-9a-fA-F]{6}$/, '색상은 #RRGGBB 형식이어야 합니다').optional().describe('표시 색상'),
  keepHolidays: z.boolean().optional().describe('공휴일에도 회차 만들기 (기본: 공휴일은 건너뜀)'),
  isPublic: z.boolean().optional().describe('공개: 홈페이지(강좌 안내)에 보임. 새 강좌는 기본 비공개, 수정 시 생략하면 그대로'),
});

export const lectureBody = lectureFields.superRefine((v, ctx) => {
  reportIssues(ctx, scheduleIssues(v.schedule));
  if (v.endDate < v.startDate) {
    reportIssues(ctx, [{ path: ['endDate'], code: LECTURE_ERRORS.period_invalid.code, message: `종강일(${v.endDate})이 개강일(${v.startDate})보다 빠릅니다` }]);
  }
});
export type LectureInput = z.input<typeof lectureBody>;

export const lecture = z.object({
  id: z.number(),
  name: text(),
  subject: text(),
  teacherName: text(),
  targetSchool: text().nullable(),
  targetGrade: text().nullable(),
  schedule: z.array(z.object({ dayOfWeek: z.number(), startTime: text(), endTime: text() })),
  room: text().nullable(),
  startDate: text(),
  endDate: text(),
  color: text(),
  disabled: z.boolean(),
  keepHolidays: z.boolean().describe('공휴일에도 회차를 만듦'),
  isPublic: z.boolean().describe('홈페이지 강좌 안내에 공개됨'),
});
export type Lecture = z.infer<typeof lecture>;

// The session naming rule lives with the formatters (no zod there), so a page that only shows labels loads no schema.
export { sessionLabel } from './format.ts';

export const weeklyLecture = z.object({
  id: z.number(),
  lectureId: z.number(),
  seq: z.number().nullable().describe('정규 회차 번호 (특별 회차는 null)'),
  title: text(),
  specialName: text().nullable().describe('보강, 특강 등 특별 회차 이름'),
  date: text(),
  startTime: text(),
  endTime: text(),
});
export type WeeklyLecture = z.infer<typeof weeklyLecture>;

export const dday = z.object({
  id: z.number(),
  lectureId: z.number(),
  title: text(),
  date: text(),
  seq: z.number(),
  label: text().describe('D-12, D-day, D+3'),
});
export type Dday = z.infer<typeof dday>;

export const ddayBody = z.object({
  title: text().trim().min(1, 'D-day 이름을 입력해 주세요').max(50).describe('D-day 이름 (기말고사, 2027 수능 …)'),
  date: isoDateSchema.describe('날짜'),
});

export const userIdsBody = z.object({
  userIds: z.array(idParam).min(1).max(2000).describe('학생 사용자 ID 목록'),
});

export const lectureListItem = lecture.extend({
  studentCount: z.number(),
  todaySession: weeklyLecture.nullable(),
  nextSession: weeklyLecture.nullable(),
  ddays: z.array(dday),
});
export type LectureListItem = z.infer<typeof lectureListItem>;

/** A timetable clash: a student would take this lecture at the same weekday and time as another lecture they take. */
export const enrolClash = z.object({
  userId: z.number(),
  studentName: text(),
  lectureId: z.number().describe('겹치는 (이미 듣는) 강좌'),
  lectureName: text(),
  dayOfWeek: z.number().describe('요일 (1=월 … 7=일)'),
  startTime: text().describe('겹치는 강좌의 시작 시각'),
  endTime: text().describe('겹치는 강좌의 종료 시각'),
});
export type EnrolClash = z.infer<typeof enrolClash>;

export const rosterStudent = z.object({ userId: z.number(), name: text(), loginId: text(), phone: text().nullable(), enrolledAt: text() });
export const lectureDetail = lecture.extend({
  weeklyLectures: z.array(weeklyLecture),
  students: z.array(rosterStudent),
  ddays: z.array(dday),
});
export type LectureDetail = z.infer<typeof lectureDetail>;

const lectureTag = 'lectures';
export const lecturesApi = {
  list: endpoint({
    method: 'GET', path: '/lectures', tag: lectureTag, permission: 'TA',
    summary: '강좌 목록 (학생 수, 오늘/다음 회차, D-day 포함)',
    query: z.object({ includeDisabled: z.enum(['true', 'false']).optional().describe('비활성 강좌 포함') }),
    reply: z.array(lectureListItem),
  }),
  get: endpoint({
    method: 'GET', path: '/lectures/:id', tag: lectureTag, permission: 'TA',
    summary: '강좌 상세 (수강생, 회차, D-day)',
    reply: lectureDetail,
  }),
  create: endpoint({
    method: 'POST', path: '/lectures', tag: lectureTag, permission: 'ADMIN',
    summary: '강좌 만들기 (시간표대로 회차 생성)',
    body: lectureBody, reply: lecture,
  }),
  update: endpoint({
    method: 'PUT', path: '/lectures/:id', tag: lectureTag, permission: 'ADMIN',
    summary: '강좌 수정 (시간표·기간이 바뀌면 앞으로의 회차를 맞춤)',
    body: lectureBody, reply: lecture,
  }),
  disable: endpoint({
    method: 'PUT', path: '/lectures/:id/disable', tag: lectureTag, permission: 'ADMIN',
    summary: '강좌 비활성화 (데이터는 유지)', reply: lecture,
  }),
  enable: endpoint({
    method: 'PUT', path: '/lectures/:id/enable', tag: lectureTag, permission: 'ADMIN',
    summary: '강좌 다시 활성화', reply: lecture,
  }),
  enrol: endpoint({
    method: 'POST', path: '/lectures/:id/students', tag: lectureTag, permission: 'TA',
    summary: '수강생 등록 (오늘 이후 회차의 참여자가 됨)',
    body: userIdsBody, reply: z.object({ enrolled: z.number(), participations: z.number(), clashes: z.array(enrolClash).describe('등록했지만 시간이 겹치는 수강 (경고)') }),
  }),
  enrolClashes: endpoint({
    method: 'POST', path: '/lectures/:id/students/clashes', tag: lectureTag, permission: 'TA',
    summary: '등록 전 시간 겹침 확인: 학생들이 이미 듣는 강좌 중 같은 요일·시간인 것 (등록하지 않음)',
    body: userIdsBody, reply: z.object({ clashes: z.array(enrolClash) }),
  }),
  unenrol: endpoint({
    method: 'DELETE', path: '/lectures/:id/students', tag: lectureTag, permission: 'TA',
    summary: '수강 종료 (오늘 이후 기록 없는 회차에서 빠짐, 지난 기록 유지)',
    body: userIdsBody, reply: z.object({ left: z.number(), participationsRemoved: z.number() }),
  }),
  classTransfer: endpoint({
    method: 'POST', path: '/lectures/:id/class-transfer/:a/:b', tag: lectureTag, permission: 'ADMIN',
    summary: '반 이동: 학생 a를 강좌 id에서 강좌 b로 (다음 회차부터, 지난 기록 유지)',
    params: z.object({ id: idParam, a: idParam.describe('학생 사용자 ID'), b: idParam.describe('옮겨 갈 강좌 ID') }),
    reply: z.object({
      userId: z.number(),
      fromLectureId: z.number(),
      toLectureId: z.number(),
      fromDate: text(),
      participationsRemoved: z.number(),
      participationsAdded: z.number(),
    }),
  }),
  createDday: endpoint({
    method: 'POST', path: '/lectures/:id/ddays', tag: lectureTag, permission: 'TA',
    summary: 'D-day 추가', body: ddayBody, reply: dday,
  }),
  reorderDdays: endpoint({
    method: 'PUT', path: '/lectures/ddays/seq', tag: lectureTag, permission: 'TA',
    summary: 'D-day 순서 변경 (한 강좌의 전체 순서를 한 번에)',
    body: z.object({ ids: z.array(idParam).min(1).max(200).describe('새 순서대로 나열한 D-day ID 전체') }),
    reply: z.array(dday),
  }),
  updateDday: endpoint({
    method: 'PUT', path: '/lectures/ddays/:id', tag: lectureTag, permission: 'TA',
    summary: 'D-day 수정', body: ddayBody, reply: dday,
  }),
  deleteDday: endpoint({
    method: 'DELETE', path: '/lectures/ddays/:id', tag: lectureTag, permission: 'TA',
    summary: 'D-day 삭제', reply: z.object({ id: z.number() }),
  }),
};

// ─── weekly lectures (회차) ───────────────────────────────────────────────────────────────────────

export const specialNameSchema = text().trim().min(1, '회차 이름을 입력해 주세요').max(40).describe('특별 회차 이름 (보강, 특강 …)');

export const specialSessionBody = z
  .object({ specialName: specialNameSchema, date: isoDateSchema, startTime: timeSchema, endTime: timeSchema })
  .superRefine((v, ctx) => {
    if (minutesOf(v.endTime) <= minutesOf(v.startTime)) {
      reportIssues(ctx, [{ path: ['endTime'], code: WEEKLY_LECTURE_ERRORS.time_invalid.code, message: `종료 시각(${v.endTime})이 시작 시각(${v.startTime})보다 늦어야 합니다` }]);
    }
  });

export const announcementBody = z.object({
  title: text().trim().min(1, '공지 제목을 입력해 주세요').max(100).describe('공지 제목'),
  content: text().max(5000).default('').describe('공지 내용'),
  pinned: z.boolean().default(false).describe('고정: 학생 포털 공지 목록 맨 위에 표시'),
});
export const announcement = z.object({
  id: z.number(),
  weeklyLectureId: z.number(),
  title: text(),
  content: text(),
  pinned: z.boolean(),
  createdAt: text(),
  updatedAt: text(),
});
export type Announcement = z.infer<typeof announcement>;

export const participant = z.object({
  userId: z.number(),
  name: text(),
  loginId: text(),
  phone: text().nullable(),
  attTypeId: z.number().nullable(),
  attLocked: z.boolean(),
  memo: text().nullable(),
});
export type Participant = z.infer<typeof participant>;

export const weeklyLectureSummary = weeklyLecture.extend({ participantCount: z.number(), markedCount: z.number() });
export type WeeklyLectureSummary = z.infer<typeof weeklyLectureSummary>;
export const weeklyLectureDetail = weeklyLecture.extend({ participants: z.array(participant), announcements: z.array(announcement) });
export type WeeklyLectureDetail = z.infer<typeof weeklyLectureDetail>;

const addParticipantsReply = z.object({ added: z.number(), skipped: z.number().describe('이미 참여자여서 건너뛴 학생 수') });
const wlTag = 'weekly-lectures';
const wlBase = '/lectures/:id/weekly-lectures';
export const weeklyLecturesApi = {
  list: endpoint({
    method: 'GET', path: wlBase, tag: wlTag, permission: 'TA',
    summary: '강좌의 회차 목록 (참여자 수, 출결 입력 수)', reply: z.array(weeklyLectureSummary),
  }),
  get: endpoint({
    method: 'GET', path: `${wlBase}/:wlId`, tag: wlTag, permission: 'TA',
    summary: '회차 상세 (참여자 출결, 공지)', reply: weeklyLectureDetail,
  }),
  createSpecial: endpoint({
    method: 'POST', path: `${wlBase}/with-special-name`, tag: wlTag, permission: 'TA',
    summary: '특별 회차 추가 (보강, 특강) — 수강생이 참여자로 들어감',
    body: specialSessionBody, reply: weeklyLecture,
  }),
  rename: endpoint({
    method: 'PUT', path: `${wlBase}/:wlId/with-special-name`, tag: wlTag, permission: 'TA',
    summary: '회차 이름 바꾸기 (보강, 특강 …)',
    body: z.object({ specialName: specialNameSchema }), reply: weeklyLecture,
  }),
  addParticipants: endpoint({
    method: 'POST', path: `${wlBase}/:wlId/participants`, tag: wlTag, permission: 'TA',
    summary: '참여자 추가', body: userIdsBody, reply: addParticipantsReply,
  }),
  addParticipantsWithOptions: endpoint({
    method: 'POST', path: `${wlBase}/:wlId/participants/with-options`, tag: wlTag, permission: 'TA',
    summary: '참여자 추가 (출결 유형 미리 지정, 다른 강좌 수강생 가져오기)',
    body: z
      .object({
        userIds: z.array(idParam).max(2000).default([]).describe('추가할 학생 ID'),
        fromLectureId: idParam.optional().describe('이 강좌의 수강생 전체를 함께 추가'),
        attTypeId: idParam.optional().describe('추가하면서 지정할 출결 유형'),
      })
      .refine((b) => b.userIds.length > 0 || b.fromLectureId !== undefined, { message: '학생 또는 가져올 강좌(fromLectureId)를 지정해 주세요', path: ['userIds'] }),
    reply: addParticipantsReply,
  }),
  removeParticipants: endpoint({
    method: 'DELETE', path: `${wlBase}/:wlId/participants`, tag: wlTag, permission: 'TA',
    summary: '참여자 일괄 삭제', body: userIdsBody, reply: z.object({ removed: z.number() }),
  }),
  createAnnouncement: endpoint({
    method: 'POST', path: `${wlBase}/:wlId/announcements`, tag: wlTag, permission: 'TA',
    summary: '회차 공지 작성 (학생 포털에 표시)', body: announcementBody, reply: announcement,
  }),
  updateAnnouncement: endpoint({
    method: 'PUT', path: `${wlBase}/:wlId/announcements/:announcementId`, tag: wlTag, permission: 'TA',
    summary: '회차 공지 수정', body: announcementBody, reply: announcement,
  }),
  deleteAnnouncement: endpoint({
    method: 'DELETE', path: `${wlBase}/:wlId/announcements/:announcementId`, tag: wlTag, permission: 'TA',
    summary: '회차 공지 삭제', reply: z.object({ id: z.number() }),
  }),
  candidateExcel: endpoint({
    method: 'GET', path: `${wlBase}/:wlId/wlp-candidate-excel`, tag: wlTag, permission: 'TA',
    summary: '추가 가능한 학생 목록 엑셀 (.xlsx)', reply: downloadReply(XLSX_TYPE),
  }),
};

// ─── attendance ─────────────────────────────────────────────────────────────────────────────────

export const attendanceType = z.object({ id: z.number(), name: text(), color: text(), countsAsPresent: z.boolean(), skipText: z.boolean(), seq: z.number() });
export type AttendanceType = z.infer<typeof attendanceType>;

export const attendanceTypeBody = z.object({
  name: text().trim().min(1, '출결 유형 이름을 입력해 주세요').max(20).describe('출결 유형 이름'),
  color: text().regex(/^#[0-9a-fA-F]{6}$/, '색상은 #RRGGBB 형식이어야 합니다').describe('표시 색상'),
  countsAsPresent: z.boolean().describe('출석으로 인정하는지'),
  skipText: z.boolean().default(false).describe('미리 알린 결석(병결, 가족 여행 등): 결석/지각 자동 문자를 보내지 않음'),
  seq: z.number().int().min(0).max(1000).optional().describe('표시 순서'),
});

export const gridStudent = z.object({
  userId: z.number(),
  name: text(),
  loginId: text(),
  phone: text().nullable(),
  enrolled: z.boolean().describe('현재 수강 중 (false: 반 이동·수강 종료, 지난 기록만 있음)'),
  cells: z.array(z.number().nullable()).describe('weeklyLectures 순서대로: null 참여자 아님, 0 미입력, 그 외 출결 유형 ID'),
  lockedWeeklyLectureIds: z.array(z.number()).describe('출결이 잠긴 회차 ID'),
});
export type GridStudent = z.infer<typeof gridStudent>;

export const attendanceGrid = z.object({
  lecture,
  attendanceTypes: z.array(attendanceType),
  weeklyLectures: z.array(weeklyLecture),
  students: z.array(gridStudent),
});
export type AttendanceGrid = z.infer<typeof attendanceGrid>;

const attTypeIdField = idParam.nullable().describe('출결 유형 ID (null: 미입력)');
const setAttendanceReply = z.object({ updated: z.number(), attTypeId: z.number().nullable() });
const attTag = 'attendance';
const attBase = `${wlBase}/:wlId/attendance`;
export const attendanceApi = {
  listTypes: endpoint({
    method: 'GET', path: '/attendance-types', tag: attTag, permission: 'STUDENT',
    summary: '출결 유형 목록', reply: z.array(attendanceType),
  }),
  createType: endpoint({
    method: 'POST', path: '/attendance-types', tag: attTag, permission: 'ADMIN',
    summary: '출결 유형 추가', body: attendanceTypeBody, reply: attendanceType,
  }),
  updateType: endpoint({
    method: 'PUT', path: '/attendance-types/:id', tag: attTag, permission: 'ADMIN',
    summary: '출결 유형 수정', body: attendanceTypeBody, reply: attendanceType,
  }),
  reorderTypes: endpoint({
    method: 'PUT', path: '/attendance-types/order', tag: attTag, permission: 'ADMIN',
    summary: '출결 유형 순서 변경 (전체 ID를 새 순서대로, 한 번에)',
    body: z.object({ ids: z.array(idParam).min(1).max(100).describe('출결 유형 ID 전체를 표시 순서대로') }),
    reply: z.array(attendanceType),
  }),
  deleteType: endpoint({
    method: 'DELETE', path: '/attendance-types/:id', tag: attTag, permission: 'ADMIN',
    summary: '출결 유형 삭제 (사용 중이면 거부)', reply: z.object({ id: z.number() }),
  }),
  set: endpoint({
    method: 'PUT', path: attBase, tag: attTag, permission: 'TA',
    summary: '한 참여자의 출결 입력 (null이면 지움)',
    body: z.object({ userId: idParam.describe('학생 사용자 ID'), attTypeId: attTypeIdField }),
    reply: setAttendanceReply,
  }),
  setBulk: endpoint({
    method: 'PUT', path: `${attBase}/bulk`, tag: attTag, permission: 'TA',
    summary: '출결 일괄 입력 (한 트랜잭션: 모두 바뀌거나 하나도 안 바뀜)',
    body: userIdsBody.extend({ attTypeId: attTypeIdField }),
    reply: setAttendanceReply,
  }),
  setLock: endpoint({
    method: 'PUT', path: `${attBase}/lock`, tag: attTag, permission: 'TA',
    summary: '출결 잠금/해제 (참여자별)',
    body: userIdsBody.extend({ locked: z.boolean().describe('true: 잠금, false: 해제') }),
    reply: z.object({ updated: z.number(), locked: z.boolean() }),
  }),
  grid: endpoint({
    method: 'GET', path: '/lectures/:id/attendance-grid', tag: attTag, permission: 'TA',
    summary: '강좌 출결표 전체 (학생 × 회차) 한 번에', reply: attendanceGrid,
  }),
};

// ─── the student portal's view ──────────────────────────────────────────────────────────────────

export const mySession = z.object({
  id: z.number(),
  lectureId: z.number(),
  lectureName: text(),
  color: text(),
  room: text().nullable(),
  title: text(),
  specialName: text().nullable(),
  date: text(),
  startTime: text(),
  endTime: text(),
  attendance: z.object({ attTypeId: z.number(), name: text(), color: text(), countsAsPresent: z.boolean() }).nullable(),
});
export type MySession = z.infer<typeof mySession>;

export const myLecture = lecture.pick({ id: true, name: true, subject: true, teacherName: true, room: true, color: true, schedule: true, startDate: true, endDate: true });
export type MyLecture = z.infer<typeof myLecture>;

export const myAnnouncement = z.object({
  id: z.number(),
  title: text(),
  content: text(),
  pinned: z.boolean().describe('고정 공지 (목록 맨 위)'),
  createdAt: text(),
  weeklyLectureId: z.number(),
  weeklyLectureTitle: text(),
  date: text(),
  lectureId: z.number(),
  lectureName: text(),
});
export type MyAnnouncement = z.infer<typeof myAnnouncement>;

export const myAttendance = z.object({
  lectures: z.array(z.object({
    lectureId: z.number(),
    lectureName: text(),
    color: text(),
    total: z.number(),
    marked: z.number(),
    present: z.number(),
    counts: z.array(z.object({ name: text(), count: z.number() })),
  })),
  sessions: z.array(mySession),
});
export type MyAttendance = z.infer<typeof myAttendance>;

export const myDday = dday.extend({ lectureName: text(), upcoming: z.boolean() });
export type MyDday = z.infer<typeof myDday>;

export const sessionRangeQuery = z
  .object({ from: isoDateSchema.optional().describe('시작일 (기본: 오늘)'), to: isoDateSchema.optional().describe('종료일 (기본: 시작일 + 13일)') })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) {
      reportIssues(ctx, [{ path: ['to'], code: PORTAL_ERRORS.range_invalid.code, message: `종료일(${v.to})이 시작일(${v.from})보다 빠릅니다` }]);
    }
  });

const portalTag = 'portal';
export const portalLecturesApi = {
  lectures: endpoint({ method: 'GET', path: '/sp/lectures', tag: portalTag, permission: 'STUDENT', summary: '내 강좌', reply: z.array(myLecture) }),
  sessions: endpoint({
    method: 'GET', path: '/sp/weekly-lectures', tag: portalTag, permission: 'STUDENT',
    summary: '내 회차 (기간, 기본: 오늘부터 2주)', query: sessionRangeQuery, reply: z.array(mySession),
  }),
  announcements: endpoint({ method: 'GET', path: '/sp/announcements', tag: portalTag, permission: 'STUDENT', summary: '내 회차 공지 (고정 공지 먼저, 그다음 최신순)', reply: z.array(myAnnouncement) }),
  attendance: endpoint({ method: 'GET', path: '/sp/attendance', tag: portalTag, permission: 'STUDENT', summary: '내 출결 (강좌별 집계와 지난 회차)', reply: myAttendance }),
  ddays: endpoint({ method: 'GET', path: '/sp/ddays', tag: portalTag, permission: 'STUDENT', summary: '내 강좌의 D-day', reply: z.array(myDday) }),
};

/**
 * A lecture's realtime topic `lecture:<id>` (staff only), owned by lectures: the score grid's
 * events (exams: scores, locks, memos, the session's exams) and OMR reading progress (omr). Each
 * event's schema lives with the area that publishes it; this is where the topic says it carries them.
 */
export const lectureTopic = defineTopic('lecture', { ...scoreGridEvents, ...omrEvents });
export type LectureEvent = TopicEvent<typeof lectureTopic>;
