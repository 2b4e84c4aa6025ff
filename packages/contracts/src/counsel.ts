/**
 * Counsel (상담): slots opened by staff and booked by students with a type (학습 / 진로 / 성적 /
 * 기타), the day's list, and the note written after the session, which lands in the student's
 * consult record. Slots, windows and capacity work as in clinic.ts (the same machinery).
 */
import { z } from 'zod';
import {
  COUNSEL_TYPES,
  dailyStatus,
  dailyStatusQuery,
  myBooking,
  openSlot,
  participant,
  portalRangeQuery,
  rangeQuery,
  slot,
  slotBody,
} from './clinic.ts';
import { endpoint } from './endpoint.ts';
import { idParam, text } from './validation.ts';

export const counselNoteBody = z.object({
  content: text().trim().min(1, '상담 내용을 입력해 주세요').max(5000, '상담 내용은 5,000자까지입니다').describe('상담 내용 (학생 기록의 상담에 남음)'),
  consultType: z.enum(COUNSEL_TYPES).optional().describe('상담 유형 (비우면 학생이 고른 유형)'),
});

export const counselReserveBody = z.object({
  counselType: z.enum(COUNSEL_TYPES, { error: `상담 유형은 ${COUNSEL_TYPES.join(', ')} 중 하나를 골라 주세요` }).describe('상담 유형'),
});

export const counselAddBody = z.object({
  userId: idParam.describe('학생 ID'),
  counselType: z.enum(COUNSEL_TYPES).describe('상담 유형'),
});

export const portalCounsel = z.object({
  now: text(),
  mine: z.array(myBooking),
  slots: z.array(openSlot),
});
export type PortalCounsel = z.infer<typeof portalCounsel>;

const tag = 'counsel';
const pId = '/counsel/participants/:id';
export const counselApi = {
  slots: endpoint({ method: 'GET', path: '/counsel/slots', tag, permission: 'TA', summary: '상담 시간 목록', query: rangeQuery, reply: z.array(slot) }),
  createSlot: endpoint({ method: 'POST', path: '/counsel/slots', tag, permission: 'TA', summary: '상담 시간 만들기', body: slotBody, reply: slot }),
  updateSlot: endpoint({ method: 'PUT', path: '/counsel/slots/:id', tag, permission: 'TA', summary: '상담 시간 수정', body: slotBody, reply: slot }),
  deleteSlot: endpoint({ method: 'DELETE', path: '/counsel/slots/:id', tag, permission: 'TA', summary: '상담 시간 삭제 (예약이 없을 때)', reply: z.object({ id: z.number() }) }),
  daily: endpoint({ method: 'GET', path: '/counsel/daily', tag, permission: 'TA', summary: '날짜별 상담 목록 (시간 × 예약 학생, 상담 기록)', query: dailyStatusQuery, reply: dailyStatus }),
  addParticipant: endpoint({ method: 'POST', path: '/counsel/slots/:id/participants', tag, permission: 'TA', summary: '상담 예약 넣기 (직원)', body: counselAddBody, reply: participant }),
  removeParticipant: endpoint({ method: 'DELETE', path: pId, tag, permission: 'TA', summary: '상담 예약 취소 (직원)', reply: z.object({ id: z.number() }) }),
  note: endpoint({
    method: 'PUT', path: `${pId}/note`, tag, permission: 'TA',
    summary: '상담 기록 (학생 기록의 상담에 남음, 다시 쓰면 고침)', body: counselNoteBody, reply: participant,
  }),
};

const portalTag = 'portal-counsel';
export const portalCounselApi = {
  board: endpoint({ method: 'GET', path: '/sp/counsel-slots', tag: portalTag, permission: 'STUDENT', summary: '예약할 수 있는 상담 시간과 내 상담 예약', query: portalRangeQuery, reply: portalCounsel }),
  reserve: endpoint({ method: 'POST', path: '/sp/counsel-slot/:id/reserve', tag: portalTag, permission: 'STUDENT', summary: '상담 예약 (유형 선택)', body: counselReserveBody, reply: myBooking }),
  cancel: endpoint({ method: 'POST', path: '/sp/counsel-slot/:id/cancel', tag: portalTag, permission: 'STUDENT', summary: '상담 예약 취소', reply: z.object({ slotId: z.number() }) }),
};
