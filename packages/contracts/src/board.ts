/**
 * The public Q&A board (게시판, SPEC: GET, POST, PUT, DELETE /board/{id}; answer CRUD; sort-order
 * PUT; file upload): visitors ask with a name and a password, signed-in students as themselves,
 * staff answer and pin notices. Limits, the anti-spam rules and every call, shared by the server
 * (which enforces them) and the web (which tells a writer early).
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { phoneSchema, text, id } from './validation.ts';

export const BOARD_LIMITS = {
  title: 100,
  body: 5000,
  name: 20,
  /** Links a visitor's or a student's post may carry (staff notices: no limit). */
  links: 2,
  attachments: 5,
  /** A password to edit or delete a visitor's post. */
  passwordMin: 4,
  passwordMax: 64,
  answer: 5000,
} as const;

/** Per client address: posts, uploads and wrong passwords in the last 10 minutes, and posts a day. */
export const BOARD_RATE = { postsPer10Min: 3, postsPerDay: 10, uploadsPer10Min: 20, wrongPasswordsPer10Min: 10 } as const;

export const BOARD_ERRORS = errorCodes('board', {
  not_found: 404,
  secret: 403,
  wrong_password: 403,
  forbidden: 403,
  rate_limited: 429,
  rejected: 400,
  too_many_links: 400,
  attachment_invalid: 400,
  answer_not_found: 404,
});

/** Links as a spammer writes them: with a scheme, or starting with www. */
export function countLinks(text: string): number {
  return (text.match(/(?:https?:\/\/|www\.)[^\s]+/gi) ?? []).length;
}

/**
 * "김민준" → "김*준", "김민" → "김*", "박서연 학부모" → "박*연 학부모": names on the public board are
 * not shown whole (only the name itself is masked, a role written after it stays).
 */
export function maskName(name: string): string {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  const chars = [...first];
  const masked = chars.length <= 1 ? first : chars.length === 2 ? `${chars[0]}*` : `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
  return [masked, ...rest].join(' ');
}

export const BOARD_KINDS = ['notice', 'question'] as const;
export const BOARD_AUTHOR_TYPES = ['visitor', 'student', 'staff'] as const;

export const boardAttachment = z.object({
  id: z.number(),
  fileName: text(),
  contentType: text(),
  size: z.number(),
  url: text().nullable().describe('10분짜리 주소 (사진은 바로 보기)'),
});

export const boardPostSummary = z.object({
  id: z.number(),
  kind: z.enum(BOARD_KINDS),
  title: text().describe('비밀글을 볼 수 없는 사람에게는 "비밀글입니다"'),
  secret: z.boolean(),
  /** The viewer cannot read the body (a 비밀글 of someone else). */
  locked: z.boolean(),
  authorName: text().describe('공개 목록에서는 가운데를 가림'),
  authorType: z.enum(BOARD_AUTHOR_TYPES),
  createdAt: text(),
  answerCount: z.number(),
  attachmentCount: z.number(),
  viewCount: z.number(),
});
export type BoardPostSummary = z.infer<typeof boardPostSummary>;

export const boardAnswer = z.object({ id: z.number(), body: text(), authorName: text(), createdAt: text(), updatedAt: text(), smsQueued: z.boolean() });
export type BoardAnswer = z.infer<typeof boardAnswer>;

export const boardPost = boardPostSummary.extend({
  body: text().describe('일반 텍스트 (줄바꿈 유지; 주소는 링크로 표시)'),
  updatedAt: text(),
  attachments: z.array(boardAttachment),
  answers: z.array(boardAnswer),
  /** The viewer may edit or delete it by session (the student who wrote it, or staff). */
  canEdit: z.boolean(),
  /** Staff only: the phone a visitor left for the answer SMS, and the whole name. */
  contact: z.object({ name: text(), phone: text().nullable() }).nullable(),
});
export type BoardPost = z.infer<typeof boardPost>;

export const boardList = z.object({
  notices: z.array(boardPostSummary).describe('고정 공지 (정렬 순서대로, 첫 쪽에만)'),
  items: z.array(boardPostSummary),
  totalCount: z.number(),
});
export type BoardList = z.infer<typeof boardList>;

const attachmentRef = z.object({ fileId: id, ticket: text().min(16).max(100).describe('올릴 때 받은 표') });

const title = text().trim().min(1, '제목을 입력해 주세요').max(BOARD_LIMITS.title, `제목은 ${BOARD_LIMITS.title}자 이하로 입력해 주세요`);
const body = text().trim().min(1, '내용을 입력해 주세요').max(BOARD_LIMITS.body, `내용은 ${BOARD_LIMITS.body.toLocaleString('ko-KR')}자 이하로 입력해 주세요`);
const password = text()
  .min(BOARD_LIMITS.passwordMin, `비밀번호는 ${BOARD_LIMITS.passwordMin}자 이상이어야 합니다`)
  .max(BOARD_LIMITS.passwordMax, `비밀번호는 ${BOARD_LIMITS.passwordMax}자 이하여야 합니다`);

/**
 * 개인정보 수집·이용 동의 for a visitor's phone (개인정보 보호법 제15조: 항목, 목적, 보유기간). The form
 * shows this text beside a required checkbox once a phone is typed; the server refuses a phone without it.
 */
export const BOARD_PHONE_CONSENT = {
  items: '휴대폰 번호',
  purpose: '질문에 답변이 달렸을 때 알림 문자를 보내기 위해',
  retention: '글을 지울 때까지 (글을 지우면 번호도 함께 지웁니다)',
  refusal: '동의하지 않아도 글은 쓸 수 있으며, 이 경우 번호를 비워 두세요 (답변 알림 문자는 받지 못합니다).',
} as const;

export const createPostBody = z.object({
  title,
  body,
  name: text().trim().min(1, '이름을 입력해 주세요').max(BOARD_LIMITS.name, `이름은 ${BOARD_LIMITS.name}자 이하로 입력해 주세요`).optional().describe('방문자 이름 (로그인한 학생·직원은 계정 이름)'),
  phone: phoneSchema.optional().describe('답변을 문자로 받을 번호 (선택, 개인정보 수집·이용 동의 필요)'),
  privacyConsent: z.boolean().optional().describe('방문자가 번호를 남길 때: 개인정보 수집·이용 동의 (BOARD_PHONE_CONSENT)'),
  password: password.optional().describe('방문자: 수정·삭제할 때 쓸 비밀번호'),
  secret: z.boolean().default(false).describe('비밀글: 쓴 사람과 직원만 봄'),
  notice: z.boolean().default(false).describe('공지 (직원만)'),
  attachments: z.array(attachmentRef).max(BOARD_LIMITS.attachments, `첨부는 ${BOARD_LIMITS.attachments}개까지입니다`).default([]),
  /** A field people never see: a bot that fills it is refused. */
  website: text().max(200).optional().describe('비워 두세요'),
});
export type CreatePostBody = z.input<typeof createPostBody>;

export const updatePostBody = z.object({
  title,
  body,
  secret: z.boolean().default(false),
  password: text().max(BOARD_LIMITS.passwordMax).optional().describe('방문자 글: 쓸 때 정한 비밀번호'),
  attachments: z.array(attachmentRef.extend({ ticket: text().max(100).optional() })).max(BOARD_LIMITS.attachments).default([]).describe('남길 첨부 (새 첨부는 표와 함께)'),
});

export const answerBody = z.object({
  body: text().trim().min(1, '답변을 입력해 주세요').max(BOARD_LIMITS.answer),
  notifySms: z.boolean().default(false).describe('글쓴이 번호로 답변 알림 문자 보내기'),
});

export const boardUploadBody = z.object({
  fileName: text().trim().min(1).max(255),
  fileSize: z.number().int().min(1, '빈 파일은 올릴 수 없습니다').max(1024 * 1024 * 1024),
  contentType: text().max(200).optional(),
});

export const boardUpload = z.object({
  file: z.object({ id: z.number(), fileName: text(), contentType: text(), size: z.number() }),
  url: text(),
  method: z.literal('PUT'),
  headers: z.record(text(), text()),
  expiresAt: text(),
  ticket: text().describe('올린 사람만 완료하고 글에 붙일 수 있게 하는 표'),
});

const tag = 'board';
const sha256 = text().regex(/^[a-fA-F0-9]{64}$/, 'SHA-256 16진수 64자여야 합니다');

export const boardApi = {
  list: endpoint({
    method: 'GET', path: '/board', tag, permission: 'open', summary: '게시판 목록 (고정 공지, 검색, 페이지)',
    query: z.object({
      page: z.coerce.number().int().min(1).max(10000).default(1),
      size: z.coerce.number().int().min(1).max(50).default(10),
      q: text().trim().max(50).optional().describe('제목 검색'),
      status: z.enum(['answered', 'unanswered']).optional().describe('답변 여부'),
    }),
    reply: boardList,
  }),
  get: endpoint({
    method: 'GET', path: '/board/:id', tag, permission: 'open', summary: '글 보기 (비밀글은 쓴 학생·직원만; 방문자는 unlock)',
    reply: boardPost,
  }),
  unlock: endpoint({
    method: 'POST', path: '/board/:id/unlock', tag, permission: 'open', summary: '비밀글을 비밀번호로 열기',
    body: z.object({ password: text().max(BOARD_LIMITS.passwordMax) }), reply: boardPost,
  }),
  create: endpoint({
    method: 'POST', path: '/board', tag, permission: 'open', summary: '글쓰기 (방문자는 이름과 비밀번호, 로그인한 학생은 본인으로)',
    body: createPostBody, reply: boardPost,
  }),
  update: endpoint({
    method: 'PUT', path: '/board/:id', tag, permission: 'open', summary: '글 고치기 (방문자는 비밀번호, 학생은 본인, 공지는 직원)',
    body: updatePostBody, reply: boardPost,
  }),
  remove: endpoint({
    method: 'DELETE', path: '/board/:id', tag, permission: 'open', summary: '글 지우기 (방문자는 비밀번호, 학생은 본인, 직원은 모두)',
    body: z.object({ password: text().max(BOARD_LIMITS.passwordMax).optional() }).default({}), reply: z.object({ id: z.number() }),
  }),
  createAnswer: endpoint({
    method: 'POST', path: '/board/:id/answers', tag, permission: 'TA', summary: '답변 달기 (원하면 글쓴이에게 문자)',
    body: answerBody, reply: boardAnswer,
  }),
  updateAnswer: endpoint({
    method: 'PUT', path: '/board/answers/:id', tag, permission: 'TA', summary: '답변 고치기', body: answerBody.pick({ body: true }), reply: boardAnswer,
  }),
  deleteAnswer: endpoint({
    method: 'DELETE', path: '/board/answers/:id', tag, permission: 'TA', summary: '답변 지우기', reply: z.object({ id: z.number() }),
  }),
  sortOrder: endpoint({
    method: 'PUT', path: '/board/sort-order', tag, permission: 'TA', summary: '고정 공지 순서 (위에서부터)',
    body: z.object({ ids: z.array(id).max(50) }), reply: z.object({ updated: z.number() }),
  }),
  uploadUrl: endpoint({
    method: 'POST', path: '/board/files/upload-url', tag, permission: 'open', summary: '첨부 올릴 주소 (사진·PDF, 10MB까지)',
    body: boardUploadBody, reply: boardUpload,
  }),
  uploadDone: endpoint({
    method: 'PUT', path: '/board/files/:id/upload-done', tag, permission: 'open', summary: '첨부 올리기 완료 (내용 확인)',
    body: z.object({ sha256, ticket: text().max(100) }), reply: boardUpload.shape.file,
  }),
};
