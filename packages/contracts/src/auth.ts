/**
 * Sign-in and accounts: sign-in with rotating refresh tokens, the signed-in account, password reset
 * by SMS link and TA password changes. Every request and reply of the auth area, its error codes
 * and one endpoint per call.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { USER_TYPES } from './roles.ts';
import { idParam, passwordSchema, text } from './validation.ts';

/** Sign-in and password errors. */
export const AUTH_ERRORS = errorCodes('auth', {
  invalid_credentials: 401,
  too_many_attempts: 429,
  account_inactive: 403,
  reset_link_invalid: 400,
  current_password_wrong: 400,
  forbidden: 403,
});

/**
 * Why a refresh was refused: always 401, so the web ends the session. (A deactivated account is
 * 403 at sign-in but 401 here: the session it held is over.)
 */
export const SESSION_ERRORS = errorCodes('auth', {
  refresh_missing: 401,
  refresh_invalid: 401,
  refresh_reused: 401,
  account_inactive: 401,
});

/** Accounts of any kind (students, TAs, admins share one id space). */
export const USER_ERRORS = errorCodes('users', { not_found: 404, unknown_ids: 400 });

export const loginBody = z.object({
  loginId: text().trim().min(1).max(100).describe('로그인 아이디'),
  password: text().min(1).max(200).describe('비밀번호'),
});

export const tokenReply = z.object({
  accessToken: text().describe('Bearer 액세스 토큰 (약 15분)'),
  userType: z.enum(USER_TYPES),
  taInfo: z.object({ isAdminLevel: z.boolean() }).optional().describe('조교 계정일 때만'),
});
export type TokenReply = z.infer<typeof tokenReply>;

export const findPasswordBody = z.object({
  loginId: text().trim().min(1).max(100).describe('로그인 아이디'),
  phone: text().trim().min(1).max(20).describe('계정에 등록된 전화번호'),
});

export const resetPasswordBody = z.object({
  uuid: z.uuid().describe('재설정 링크의 UUID'),
  newPassword: passwordSchema,
});

export const changeSupervisorPasswordBody = z.object({
  currentPassword: text().max(200).optional().describe('본인 변경 시 필수'),
  newPassword: passwordSchema,
});

export const changeOwnPasswordBody = z.object({
  currentPassword: z.string().min(1, '현재 비밀번호를 입력해 주세요').max(200).describe('현재 비밀번호'),
  newPassword: passwordSchema,
});
export type ChangeOwnPasswordBody = z.infer<typeof changeOwnPasswordBody>;

export const meReply = z.object({
  id: z.number(),
  loginId: text(),
  name: text(),
  userType: z.enum(USER_TYPES),
  isAdminLevel: z.boolean(),
  phone: text().nullable().describe('전화번호 (010-1234-5678 형식)'),
  passwordIsInitial: z.boolean().describe('초기 비밀번호(전화번호 끝 4자리 + 아이디)를 아직 쓰는 중: 포털이 변경을 권합니다'),
});
export type Me = z.infer<typeof meReply>;

export const okReply = z.object({ ok: z.literal(true), message: text().optional() });

export const resetLinkReply = z.object({ loginId: text().describe('가려진 아이디'), expiresAt: text() });
export type ResetLinkReply = z.infer<typeof resetLinkReply>;

const tag = 'auth';
export const authApi = {
  login: endpoint({
    method: 'POST', path: '/auth/login', tag, permission: 'open',
    summary: '로그인', body: loginBody, reply: tokenReply,
  }),
  refresh: endpoint({
    method: 'POST', path: '/auth/refresh', tag, permission: 'open',
    summary: '액세스 토큰 재발급 (리프레시 토큰 쿠키 회전)', reply: tokenReply,
  }),
  logout: endpoint({
    method: 'POST', path: '/auth/logout', tag, permission: 'open',
    summary: '로그아웃 (리프레시 토큰 폐기)', reply: okReply,
  }),
  me: endpoint({
    method: 'GET', path: '/auth/me', tag, permission: 'STUDENT',
    summary: '로그인한 사용자 정보', reply: meReply,
  }),
  findPassword: endpoint({
    method: 'POST', path: '/auth/find-password', tag, permission: 'open',
    summary: '비밀번호 재설정 링크 문자 발송', body: findPasswordBody, reply: okReply,
  }),
  checkResetLink: endpoint({
    method: 'GET', path: '/auth/reset-password-via-uuid/:uuid', tag, permission: 'open',
    summary: '재설정 링크 확인', params: z.object({ uuid: z.uuid() }), reply: resetLinkReply,
  }),
  resetPassword: endpoint({
    method: 'POST', path: '/auth/reset-password-via-uuid', tag, permission: 'open',
    summary: '재설정 링크로 새 비밀번호 설정', body: resetPasswordBody, reply: okReply,
  }),
  changeOwnPassword: endpoint({
    method: 'POST', path: '/sp/change-password', tag, permission: 'STUDENT',
    summary: '내 비밀번호 변경 (현재 비밀번호 필요, 초기 비밀번호로는 바꿀 수 없음)',
    body: changeOwnPasswordBody, reply: okReply,
  }),
  changeSupervisorPassword: endpoint({
    method: 'POST', path: '/supervisor/change-supervisor-password/:id', tag, permission: 'TA',
    summary: '조교 비밀번호 변경 (본인: 현재 비밀번호 필요, 관리자: 모든 조교)',
    params: z.object({ id: idParam }), body: changeSupervisorPasswordBody, reply: okReply,
  }),
};
