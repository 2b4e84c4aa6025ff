import { z } from 'zod';
import { USER_TYPES } from './roles.ts';
import { passwordSchema } from './validation.ts';

export const loginBody = z.object({
  loginId: z.string().trim().min(1).max(100).describe('로그인 아이디'),
  password: z.string().min(1).max(200).describe('비밀번호'),
});

export const tokenReply = z.object({
  accessToken: z.string().describe('Bearer 액세스 토큰 (약 15분)'),
  userType: z.enum(USER_TYPES),
  taInfo: z.object({ isAdminLevel: z.boolean() }).optional().describe('조교 계정일 때만'),
});
export type TokenReply = z.infer<typeof tokenReply>;

export const findPasswordBody = z.object({
  loginId: z.string().trim().min(1).max(100).describe('로그인 아이디'),
  phone: z.string().trim().min(1).max(20).describe('계정에 등록된 전화번호'),
});

export const resetPasswordBody = z.object({
  uuid: z.uuid().describe('재설정 링크의 UUID'),
  newPassword: passwordSchema,
});

export const changeSupervisorPasswordBody = z.object({
  currentPassword: z.string().max(200).optional().describe('본인 변경 시 필수'),
  newPassword: passwordSchema,
});

export const meReply = z.object({
  id: z.number(),
  loginId: z.string(),
  name: z.string(),
  userType: z.enum(USER_TYPES),
  isAdminLevel: z.boolean(),
});
export type Me = z.infer<typeof meReply>;
