/** Notices: the staff notice (TA landing page) and the clinic notice (shown when booking). */
import { z } from 'zod';
import { text } from './validation.ts';
import { endpoint } from './endpoint.ts';

export const notice = z.object({
  content: text(),
  updatedAt: text().nullable(),
  updatedByName: text().nullable(),
});
export type Notice = z.infer<typeof notice>;
export const noticeBody = z.object({ content: text().max(20000).describe('공지 본문 (줄바꿈 유지)') });

const tag = 'notice';
export const noticesApi = {
  staff: endpoint({ method: 'GET', path: '/notice', tag, permission: 'TA', summary: '직원 공지 (조교 첫 화면)', reply: notice }),
  updateStaff: endpoint({ method: 'PUT', path: '/admin/notice', tag, permission: 'ADMIN', summary: '직원 공지 수정', body: noticeBody, reply: notice }),
  clinic: endpoint({ method: 'GET', path: '/clinic-notice', tag, permission: 'STUDENT', summary: '클리닉 안내 (예약 화면에 표시)', reply: notice }),
  updateClinic: endpoint({ method: 'PUT', path: '/admin/clinic-notice', tag, permission: 'ADMIN', summary: '클리닉 안내 수정', body: noticeBody, reply: notice }),
};
