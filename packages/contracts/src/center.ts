/**
 * The center as the public pages show it: its name and the courses it runs, read from the data
 * (the SMS settings' 보내는 곳 이름 and the lectures that are open), for the landing page.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';

export const publicCourse = z.object({
  id: z.number(),
  name: z.string().describe('강좌 이름'),
  subject: z.string(),
  targetGrade: z.string().nullable().describe('대상 학년'),
  teacherName: z.string(),
  schedule: z.string().describe('시간표 (예: 월·수 19:00–22:00)'),
});
export type PublicCourse = z.infer<typeof publicCourse>;

export const publicCenter = z.object({
  name: z.string().describe('학원 이름'),
  courses: z.array(publicCourse).describe('운영 중인 강좌 (비활성·종료된 강좌 제외), 학년순'),
  teachers: z.array(z.object({ name: z.string(), subjects: z.array(z.string()) })).describe('운영 중인 강좌의 선생님'),
});
export type PublicCenter = z.infer<typeof publicCenter>;

export const centerApi = {
  info: endpoint({
    method: 'GET', path: '/public/center', tag: 'center', permission: 'open',
    summary: '학원 소개 (이름, 운영 중인 강좌와 선생님) — 로그인 없이', reply: publicCenter,
  }),
};
