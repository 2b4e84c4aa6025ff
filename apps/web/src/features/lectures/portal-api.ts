import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/http.ts';
import type { ScheduleSlot } from './lectures-api.ts';

export type MyLecture = { id: number; name: string; subject: string; teacherName: string; room: string | null; color: string; schedule: ScheduleSlot[]; startDate: string; endDate: string };
export type MySession = {
  id: number; lectureId: number; lectureName: string; color: string; room: string | null; title: string; specialName: string | null;
  date: string; startTime: string; endTime: string; attendance: { attTypeId: number; name: string; color: string; countsAsPresent: boolean } | null;
};
export type MyAnnouncement = { id: number; title: string; content: string; createdAt: string; weeklyLectureId: number; weeklyLectureTitle: string; date: string; lectureId: number; lectureName: string };
export type MyDday = { id: number; lectureId: number; lectureName: string; title: string; date: string; seq: number; label: string; upcoming: boolean };
export type MyAttendance = {
  lectures: { lectureId: number; lectureName: string; color: string; total: number; marked: number; present: number; counts: { name: string; count: number }[] }[];
  sessions: MySession[];
};

export const myLecturesQuery = () => queryOptions({ queryKey: ['sp', 'lectures'], queryFn: ({ signal }) => api.get<MyLecture[]>('/sp/lectures', { signal }) });
export const mySessionsQuery = () => queryOptions({ queryKey: ['sp', 'weekly-lectures'], queryFn: ({ signal }) => api.get<MySession[]>('/sp/weekly-lectures', { signal }) });
export const myAnnouncementsQuery = () => queryOptions({ queryKey: ['sp', 'announcements'], queryFn: ({ signal }) => api.get<MyAnnouncement[]>('/sp/announcements', { signal }) });
export const myDdaysQuery = () => queryOptions({ queryKey: ['sp', 'ddays'], queryFn: ({ signal }) => api.get<MyDday[]>('/sp/ddays', { signal }) });
export const myAttendanceQuery = () => queryOptions({ queryKey: ['sp', 'attendance'], queryFn: ({ signal }) => api.get<MyAttendance>('/sp/attendance', { signal }) });
