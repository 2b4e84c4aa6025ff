import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http.ts';

export type ScheduleSlot = { dayOfWeek: number; startTime: string; endTime: string };

export type Lecture = {
  id: number;
  name: string;
  subject: string;
  teacherName: string;
  targetSchool: string | null;
  targetGrade: string | null;
  schedule: ScheduleSlot[];
  room: string | null;
  startDate: string;
  endDate: string;
  color: string;
  disabled: boolean;
};

export type WeeklyLecture = {
  id: number;
  lectureId: number;
  seq: number | null;
  title: string;
  specialName: string | null;
  date: string;
  startTime: string;
  endTime: string;
};

export type Dday = { id: number; lectureId: number; title: string; date: string; seq: number; label: string };

export type LectureListItem = Lecture & { studentCount: number; todaySession: WeeklyLecture | null; nextSession: WeeklyLecture | null; ddays: Dday[] };

export type LectureDetail = Lecture & {
  weeklyLectures: WeeklyLecture[];
  students: { userId: number; name: string; loginId: string; phone: string | null; enrolledAt: string }[];
  ddays: Dday[];
};

export type AttendanceType = { id: number; name: string; color: string; countsAsPresent: boolean; seq: number };

export type GridStudent = {
  userId: number;
  name: string;
  loginId: string;
  phone: string | null;
  enrolled: boolean;
  /** Aligned with weeklyLectures: null = not a participant, 0 = no mark, else the type id. */
  cells: (number | null)[];
  lockedWeeklyLectureIds: number[];
};

export type AttendanceGrid = { lecture: Lecture; attendanceTypes: AttendanceType[]; weeklyLectures: WeeklyLecture[]; students: GridStudent[] };

export type Participant = { userId: number; name: string; loginId: string; phone: string | null; attTypeId: number | null; attLocked: boolean; memo: string | null };
export type Announcement = { id: number; weeklyLectureId: number; title: string; content: string; createdAt: string; updatedAt: string };
export type WeeklyLectureDetail = WeeklyLecture & { participants: Participant[]; announcements: Announcement[] };
export type WeeklyLectureSummary = WeeklyLecture & { participantCount: number; markedCount: number };

export type LectureInput = Omit<Lecture, 'id' | 'disabled'>;

export const DAY_LABELS = ['', '월', '화', '수', '목', '금', '토', '일'] as const;

/** "월·수·금 19:00–22:00" (slots sharing a time are grouped). */
export function scheduleText(schedule: ScheduleSlot[]): string {
  if (schedule.length === 0) return '시간표 없음';
  const groups = new Map<string, number[]>();
  for (const s of schedule) {
    const key = `${s.startTime}–${s.endTime}`;
    groups.set(key, [...(groups.get(key) ?? []), s.dayOfWeek]);
  }
  return [...groups.entries()].map(([time, days]) => `${days.sort((a, b) => a - b).map((d) => DAY_LABELS[d]).join('·')} ${time}`).join(', ');
}

export const lectureKeys = {
  all: ['lectures'] as const,
  list: (includeDisabled: boolean) => ['lectures', 'list', includeDisabled] as const,
  detail: (id: number) => ['lectures', 'detail', id] as const,
  grid: (id: number) => ['lectures', 'grid', id] as const,
  sessions: (id: number) => ['lectures', 'sessions', id] as const,
  session: (id: number, wlId: number) => ['lectures', 'session', id, wlId] as const,
  types: ['attendance-types'] as const,
};

export const lectureListQuery = (includeDisabled: boolean) =>
  queryOptions({
    queryKey: lectureKeys.list(includeDisabled),
    queryFn: ({ signal }) => api.get<LectureListItem[]>('/lectures', { signal, query: { includeDisabled } }),
  });

export const lectureDetailQuery = (id: number) =>
  queryOptions({ queryKey: lectureKeys.detail(id), queryFn: ({ signal }) => api.get<LectureDetail>(`/lectures/${id}`, { signal }) });

export const attendanceGridQuery = (id: number) =>
  queryOptions({ queryKey: lectureKeys.grid(id), queryFn: ({ signal }) => api.get<AttendanceGrid>(`/lectures/${id}/attendance-grid`, { signal }) });

export const weeklyLecturesQuery = (id: number) =>
  queryOptions({ queryKey: lectureKeys.sessions(id), queryFn: ({ signal }) => api.get<WeeklyLectureSummary[]>(`/lectures/${id}/weekly-lectures`, { signal }) });

export const weeklyLectureQuery = (id: number, wlId: number) =>
  queryOptions({
    queryKey: lectureKeys.session(id, wlId),
    queryFn: ({ signal }) => api.get<WeeklyLectureDetail>(`/lectures/${id}/weekly-lectures/${wlId}`, { signal }),
  });

export const attendanceTypesQuery = () =>
  queryOptions({ queryKey: lectureKeys.types, queryFn: ({ signal }) => api.get<AttendanceType[]>('/attendance-types', { signal }) });

export const createLecture = (input: LectureInput) => api.post<Lecture>('/lectures', input);
export const updateLecture = (id: number, input: LectureInput) => api.put<Lecture>(`/lectures/${id}`, input);
export const setLectureDisabled = (id: number, disabled: boolean) => api.put<Lecture>(`/lectures/${id}/${disabled ? 'disable' : 'enable'}`);

export const createDday = (lectureId: number, body: { title: string; date: string }) => api.post<Dday>(`/lectures/${lectureId}/ddays`, body);
export const updateDday = (id: number, body: { title: string; date: string }) => api.put<Dday>(`/lectures/ddays/${id}`, body);
export const deleteDday = (id: number) => api.delete<{ id: number }>(`/lectures/ddays/${id}`);
export const reorderDdays = (ids: number[]) => api.put<Dday[]>('/lectures/ddays/seq', { ids });

export const enrolStudents = (lectureId: number, userIds: number[]) => api.post<{ enrolled: number }>(`/lectures/${lectureId}/students`, { userIds });
export const unenrolStudents = (lectureId: number, userIds: number[]) => api.delete<{ left: number }>(`/lectures/${lectureId}/students`, { userIds });
export const transferStudent = (args: { fromId: number; userId: number; toId: number }) =>
  api.post<{ participationsAdded: number; fromDate: string }>(`/lectures/${args.fromId}/class-transfer/${args.userId}/${args.toId}`);

const wlBase = (lectureId: number, wlId: number) => `/lectures/${lectureId}/weekly-lectures/${wlId}`;

export const setAttendance = (args: { lectureId: number; wlId: number; userIds: number[]; attTypeId: number | null }) =>
  args.userIds.length === 1
    ? api.put<{ updated: number }>(`${wlBase(args.lectureId, args.wlId)}/attendance`, { userId: args.userIds[0], attTypeId: args.attTypeId }, { overlay: false })
    : api.put<{ updated: number }>(`${wlBase(args.lectureId, args.wlId)}/attendance/bulk`, { userIds: args.userIds, attTypeId: args.attTypeId }, { overlay: false });

export const setAttendanceLock = (args: { lectureId: number; wlId: number; userIds: number[]; locked: boolean }) =>
  api.put<{ updated: number }>(`${wlBase(args.lectureId, args.wlId)}/attendance/lock`, { userIds: args.userIds, locked: args.locked }, { overlay: false });

export const addSpecialSession = (lectureId: number, body: { specialName: string; date: string; startTime: string; endTime: string }) =>
  api.post<WeeklyLecture>(`/lectures/${lectureId}/weekly-lectures/with-special-name`, body);
export const renameSession = (lectureId: number, wlId: number, specialName: string) =>
  api.put<WeeklyLecture>(`${wlBase(lectureId, wlId)}/with-special-name`, { specialName });

export const addParticipants = (lectureId: number, wlId: number, body: { userIds: number[]; fromLectureId?: number; attTypeId?: number }) =>
  api.post<{ added: number; skipped: number }>(`${wlBase(lectureId, wlId)}/participants/with-options`, body);
export const removeParticipants = (lectureId: number, wlId: number, userIds: number[]) =>
  api.delete<{ removed: number }>(`${wlBase(lectureId, wlId)}/participants`, { userIds });

export const createAnnouncement = (lectureId: number, wlId: number, body: { title: string; content: string }) =>
  api.post<Announcement>(`${wlBase(lectureId, wlId)}/announcements`, body);
export const updateAnnouncement = (lectureId: number, wlId: number, id: number, body: { title: string; content: string }) =>
  api.put<Announcement>(`${wlBase(lectureId, wlId)}/announcements/${id}`, body);
export const deleteAnnouncement = (lectureId: number, wlId: number, id: number) => api.delete<{ id: number }>(`${wlBase(lectureId, wlId)}/announcements/${id}`);

export const candidateExcelUrl = (lectureId: number, wlId: number) => `${wlBase(lectureId, wlId)}/wlp-candidate-excel`;

/** Student search for the roster and participant pickers (shared users table). */
export type StudentOption = { id: number; name: string; loginId: string };
