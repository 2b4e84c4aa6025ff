import { z } from 'zod';
import { FILE_KINDS } from './files.ts';

/** What the files API answers, shared by the server (validates and documents) and the web (types). */
export const fileReply = z.object({
  id: z.number(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  kind: z.enum(FILE_KINDS),
  status: z.enum(['pending', 'available']),
  memo: z.string(),
  hasParentAccess: z.boolean(),
  lectureId: z.number().nullable(),
  weeklyLectureId: z.number().nullable(),
  ownerId: z.number(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
});
export type FileReply = z.infer<typeof fileReply>;

export const filePermissionReply = z.object({
  weeklyLectureId: z.number(),
  scope: z.enum(['participants', 'lecture', 'selected', 'none']),
  availableFrom: z.string().nullable(),
  studentIds: z.array(z.number()),
});
export type FilePermissionReply = z.infer<typeof filePermissionReply>;

export const parentLinkReply = z.object({
  id: z.number(),
  fileId: z.number(),
  studentId: z.number().nullable(),
  studentName: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  smsPhone: z.string().nullable().describe('링크를 문자로 보낸 학부모 번호 (복사만 했으면 null)'),
  openCount: z.number().describe('학부모가 링크를 연 횟수'),
  firstOpenedAt: z.string().nullable(),
  lastOpenedAt: z.string().nullable(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
});
export type ParentLinkReply = z.infer<typeof parentLinkReply>;
