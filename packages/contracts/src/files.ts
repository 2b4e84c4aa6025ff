/**
 * Files: kinds, limits and accepted formats, shared by the server (which enforces them) and the
 * web (which checks early so a user is told before a long upload); the error codes of the area;
 * and every call of the files API (uploads, downloads, permissions, the student portal's /sp
 * calls, parent links), declared once as endpoints.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { linkDaysSchema, PUBLIC_LINK_MAX_DAYS } from './links.ts';
import { fileNameText, id, idParam, text } from './validation.ts';

/**
 * material: 강의 자료 on a weekly lecture (staff); homework / self_study: a student's own uploads;
 * receipt: a TA's receipt for an expense claim (only its owner and admins open it); video: the
 * original of a lecture video on a weekly lecture (staff; the videos area plays a processed copy
 * and never hands the original to students); omr: scans and photos of OMR answer sheets for a
 * weekly lecture's exam (staff only, never shown to students); board: an attachment of a public
 * board post (uploaded through the board's calls, by visitors too).
 */
export const FILE_KINDS = ['material', 'homework', 'self_study', 'receipt', 'omr', 'video', 'board', 'profile'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export const STUDENT_FILE_KINDS = ['homework', 'self_study'] as const satisfies readonly FileKind[];
export type StudentFileKind = (typeof STUDENT_FILE_KINDS)[number];
export const isStudentFileKind = (k: FileKind): k is StudentFileKind => (STUDENT_FILE_KINDS as readonly FileKind[]).includes(k);

/** Kinds staff upload (materials, videos and OMR scans to a weekly lecture, receipts to an expense claim). */
export const STAFF_FILE_KINDS = ['material', 'receipt', 'omr', 'video'] as const satisfies readonly FileKind[];

export const FILE_KIND_LABEL: Record<FileKind, string> = { material: '강의 자료', homework: '과제', self_study: '자습 파일', receipt: '영수증', omr: 'OMR 답안지', video: '강의 영상', board: '게시판 첨부', profile: '프로필 사진' };

const MB = 1024 * 1024;
/**
 * An OMR upload at most: a scanner's 50-page batch is tens of MB, a 1,000-page PDF (the most a
 * file may have) of 100 KB pages 100 MB. docs/SECURITY.md quotes this number.
 */
export const OMR_MAX_BYTES = 100 * MB;
/** A class recording runs to several GB; a student's photo of homework or a scanned PDF does not. */
export const FILE_SIZE_LIMIT: Record<FileKind, number> = { material: 2048 * MB, homework: 100 * MB, self_study: 100 * MB, receipt: 10 * MB, omr: OMR_MAX_BYTES, video: 10 * 1024 * MB, board: 10 * MB, profile: 10 * MB };

/** What a lecture video may be uploaded as: MP4 or QuickTime (the videos area makes them stream well). */
export const VIDEO_EXTENSIONS: readonly string[] = ['mp4', 'mov'];

/** Browsers switch to multipart above this size; each part is PART_SIZE bytes (the last one less). */
export const MULTIPART_THRESHOLD = 10 * MB;
export const PART_SIZE = 8 * MB;
export const MAX_PARTS = 10_000;

/** Content families recognised from the first bytes of a file (magic numbers). */
export type ContentFamily = 'pdf' | 'png' | 'jpeg' | 'gif' | 'webp' | 'zip' | 'ole' | 'mp4' | 'mp3' | 'text';

/** Accepted extensions, the content each must really have, and the type it is served with. */
export const FILE_TYPES: Record<string, { family: ContentFamily; contentType: string }> = {
  pdf: { family: 'pdf', contentType: 'application/pdf' },
  png: { family: 'png', contentType: 'image/png' },
  jpg: { family: 'jpeg', contentType: 'image/jpeg' },
  jpeg: { family: 'jpeg', contentType: 'image/jpeg' },
  gif: { family: 'gif', contentType: 'image/gif' },
  webp: { family: 'webp', contentType: 'image/webp' },
  zip: { family: 'zip', contentType: 'application/zip' },
  docx: { family: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { family: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { family: 'zip', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  hwpx: { family: 'zip', contentType: 'application/hwp+zip' },
  hwp: { family: 'ole', contentType: 'application/x-hwp' },
  doc: { family: 'ole', contentType: 'application/msword' },
  xls: { family: 'ole', contentType: 'application/vnd.ms-excel' },
  ppt: { family: 'ole', contentType: 'application/vnd.ms-powerpoint' },
  mp4: { family: 'mp4', contentType: 'video/mp4' },
  m4a: { family: 'mp4', contentType: 'audio/mp4' },
  mov: { family: 'mp4', contentType: 'video/quicktime' },
  mp3: { family: 'mp3', contentType: 'audio/mpeg' },
  txt: { family: 'text', contentType: 'text/plain; charset=utf-8' },
  csv: { family: 'text', contentType: 'text/csv; charset=utf-8' },
};

/**
 * Lecture materials that are images must be PNG or JPEG: every student copy carries a watermark,
 * and those are the image formats the watermark (a one-page PDF) can embed.
 */
export const WATERMARKABLE_FAMILIES: readonly ContentFamily[] = ['pdf', 'png', 'jpeg'];
export const MATERIAL_REFUSED_FAMILIES: readonly ContentFamily[] = ['gif', 'webp'];
/** OMR sheets are a scanner's PDF or photos (iPhones' HEIC arrives as JPEG from the browser). */
export const OMR_FAMILIES: readonly ContentFamily[] = ['pdf', 'png', 'jpeg'];

/** A receipt is a photo or a PDF: what an admin can preview in the browser. */
export const RECEIPT_FAMILIES: readonly ContentFamily[] = ['pdf', 'png', 'jpeg', 'webp'];

/** A board post carries pictures and PDFs only: what every phone shows without an app. */
export const BOARD_FAMILIES: readonly ContentFamily[] = ['png', 'jpeg', 'gif', 'webp', 'pdf'];

export function fileExtension(name: string): string {
  const i = name.lastIndexOf('.');
  return i <= 0 ? '' : name.slice(i + 1).toLowerCase();
}

/**
 * A file name safe to show, store and send back in Content-Disposition: no folders, no control
 * or reserved characters, NFC (a name typed on a Mac compares equal to one typed on Windows),
 * at most 150 characters with the extension kept.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  name = name
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  if (name.length > 150) {
    const ext = fileExtension(name);
    const keep = ext && ext.length < 10 ? `.${ext}` : '';
    name = name.slice(0, 150 - keep.length).trim() + keep;
  }
  return name || '파일';
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < MB) return `${(bytes / 1024).toFixed(1)}KB`;
  if (bytes < 1024 * MB) return `${(bytes / MB).toFixed(1)}MB`;
  return `${(bytes / (1024 * MB)).toFixed(2)}GB`;
}

// ─── error codes ────────────────────────────────────────────────────────────────────────────────

export const FILES_ERRORS = errorCodes('files', {
  not_found: 404,
  forbidden: 403,
  not_yet_available: 403,
  kind_forbidden: 403,
  kind_invalid: 400,
  type_not_allowed: 400,
  type_mismatch: 400,
  executable: 400,
  too_large: 400,
  too_many_parts: 400,
  weekly_lecture_required: 400,
  not_your_lecture: 403,
  not_uploaded: 400,
  size_mismatch: 400,
  checksum_mismatch: 400,
  already_done: 400,
  use_multipart_complete: 400,
  upload_not_found: 404,
  upload_expired: 400,
  part_invalid: 400,
  part_duplicate: 400,
  part_missing: 400,
  not_available: 400,
  watermark_unsupported: 400,
  watermark_failed: 400,
  permission_student_invalid: 400,
  parent_access_off: 409,
  quota_exceeded: 409,
  rate_limited: 429,
  content_changed: 409,
  upload_completing: 409,
});

/**
 * What the local storage driver's signed URLs answer (PUT/GET /api/files/blob/…), S3-like: 403 for
 * a bad or expired signature, 413/400 for a body of the wrong size. Same area as FILES_ERRORS, but
 * these answer the bytes, not the API (a body too large here is 413, a declared size too large 400).
 */
export const STORAGE_URL_ERRORS = errorCodes('files', {
  url_invalid: 403,
  url_expired: 403,
  too_large: 413,
  size_mismatch: 400,
  upload_interrupted: 400,
  upload_not_found: 404,
  not_found: 404,
  upload_closed: 409,
});

/** The person a watermarked copy is made for does not exist (the users area's code). */
export const WATERMARK_USER_ERRORS = errorCodes('users', { not_found: 404 });

// ─── replies ────────────────────────────────────────────────────────────────────────────────────

export const storedFile = z.object({
  id: z.number(),
  fileName: text(),
  contentType: text(),
  size: z.number(),
  kind: z.enum(FILE_KINDS),
  status: z.enum(['pending', 'available']),
  memo: text(),
  hasParentAccess: z.boolean(),
  lectureId: z.number().nullable(),
  weeklyLectureId: z.number().nullable(),
  ownerId: z.number().nullable().describe('올린 사람 (게시판 방문자 첨부는 null)'),
  ownerName: text().nullable(),
  createdAt: text(),
});
export type StoredFile = z.infer<typeof storedFile>;

/** A file in a staff list, with how many students opened it. */
export const listedFile = storedFile.extend({ viewCount: z.number() });
export type ListedFile = z.infer<typeof listedFile>;

export const FILE_PERMISSION_SCOPES = ['participants', 'lecture', 'selected', 'none'] as const;
export type FilePermissionScope = (typeof FILE_PERMISSION_SCOPES)[number];

export const filePermission = z.object({
  weeklyLectureId: z.number(),
  scope: z.enum(FILE_PERMISSION_SCOPES),
  availableFrom: text().nullable(),
  studentIds: z.array(z.number()),
});
export type FilePermission = z.infer<typeof filePermission>;

export const signedUrl = z.object({
  url: text().describe('서명된 주소 (GET). 짧은 시간만 유효'),
  expiresAt: text(),
  fileName: text(),
  watermarked: z.boolean().describe('학생 다운로드에 워터마크가 들어간 사본이면 true'),
});
export type SignedUrl = z.infer<typeof signedUrl>;

export const uploadUrlReply = z.object({
  file: storedFile,
  url: text(),
  method: z.literal('PUT'),
  headers: z.record(text(), text()),
  expiresAt: text(),
});

export const uploadPart = z.object({ partNumber: z.number(), size: z.number(), url: text() });
export const multipartReply = z.object({
  file: storedFile,
  uploadId: text(),
  partSize: z.number(),
  parts: z.array(uploadPart),
  expiresAt: text(),
});

const viewer = z.object({ userId: z.number(), name: text(), loginId: text(), phone: text().nullable() });
export const fileViews = z.object({
  opened: z.array(viewer.extend({ firstOpenedAt: text(), lastOpenedAt: text(), openCount: z.number() })),
  notOpened: z.array(viewer),
});
export type FileViews = z.infer<typeof fileViews>;

export const materialWeek = z.object({
  weeklyLectureId: z.number(),
  lectureId: z.number(),
  title: text(),
  date: text(),
  files: z.array(storedFile.extend({ opened: z.boolean() })),
});
export type MaterialWeek = z.infer<typeof materialWeek>;

export const PARENT_LINK_DEFAULT_DAYS = 7;

export const parentLink = z.object({
  id: z.number(),
  fileId: z.number(),
  studentId: z.number().nullable(),
  studentName: text().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  expiresAt: text(),
  revokedAt: text().nullable(),
  smsPhone: text().nullable().describe('링크를 문자로 보낸 학부모 번호 (복사만 했으면 null)'),
  openCount: z.number().describe('학부모가 링크를 연 횟수'),
  firstOpenedAt: text().nullable(),
  lastOpenedAt: text().nullable(),
  createdAt: text(),
  createdByName: text().nullable(),
});
export type ParentLink = z.infer<typeof parentLink>;

export const madeParentLink = parentLink.extend({ url: text().describe('학부모가 여는 주소. 지금 한 번만 알려 줌') });
export type MadeParentLink = z.infer<typeof madeParentLink>;

export const parentLinks = z.object({
  hasParentAccess: z.boolean(),
  links: z.array(parentLink),
  students: z.array(z.object({ id: z.number(), name: text(), loginId: text(), parentPhone: text().nullable() })),
});
export type ParentLinks = z.infer<typeof parentLinks>;

/** What a parent's link opens: the file's facts and a signed download URL that lives a few minutes. */
export const sharedFile = z.object({
  fileName: text(),
  contentType: text(),
  fileSize: z.number(),
  studentName: text().nullable(),
  expiresAt: text().describe('링크 만료 시각'),
  download: z.object({ url: text().describe('서명된 다운로드 주소 (몇 분만 유효)'), expiresAt: text() }),
});
export type SharedFile = z.infer<typeof sharedFile>;

// ─── requests ───────────────────────────────────────────────────────────────────────────────────

const maxSize = Math.max(...Object.values(FILE_SIZE_LIMIT));

export const uploadBody = z.object({
  fileName: fileNameText().trim().min(1).max(255).describe('원래 파일 이름 (서버가 정리함)'),
  contentType: text().trim().min(1).max(200).describe('브라우저가 알려 준 형식 (참고용; 실제 형식은 내용으로 판별)'),
  fileSize: z.number().int().min(1, '빈 파일은 올릴 수 없습니다').max(maxSize).describe('바이트 수'),
  kind: z.enum(FILE_KINDS).describe('material(강의 자료, 직원) / video(강의 영상 원본, 직원) / omr(OMR 답안지 스캔·사진, 직원) / receipt(경비 영수증, 조교) / homework(과제) / self_study(자습 파일) / profile(학생 프로필 사진: 학생 본인 또는 직원)'),
  weeklyLectureId: id.nullish().describe('회차 id (강의 자료, 강의 영상, OMR 답안지는 필수)'),
});
export type UploadBody = z.infer<typeof uploadBody>;

const sha256 = text().regex(/^[a-fA-F0-9]{64}$/, 'SHA-256 16진수 64자여야 합니다');
const uploadId = text().trim().min(1).max(1024).describe('multipart initiate가 돌려준 업로드 id');
const partNumber = z.number().int().min(1).max(MAX_PARTS);
const partsBody = z
  .array(z.object({ partNumber, etag: text().trim().min(1).max(200).describe('조각 PUT 응답의 ETag 헤더') }))
  .min(1)
  .max(MAX_PARTS);

export const filePermissionBody = z.object({
  scope: z.enum(FILE_PERMISSION_SCOPES).describe('participants: 회차 참여 학생, lecture: 강좌 수강생 전체, selected: 지정 학생, none: 비공개'),
  availableFrom: z.iso.datetime({ offset: true }).nullish().describe('이 시각부터 열람 가능 (없으면 바로)'),
  studentIds: z.array(idParam).max(1000).default([]).describe('scope가 selected일 때 학생 id'),
});

export const parentLinksBody = z.object({
  studentIds: z.array(idParam).max(200).default([]).describe('이 학생들의 학부모에게 (비우면 학생 없이 링크 하나)'),
  expiresInDays: linkDaysSchema.default(PARENT_LINK_DEFAULT_DAYS).describe(`유효 기간(일), 기본 ${PARENT_LINK_DEFAULT_DAYS}일, 최대 ${PUBLIC_LINK_MAX_DAYS}일`),
  sendSms: z.boolean().default(false).describe('학부모 연락처로 링크 문자 보내기'),
});

// ─── endpoints ──────────────────────────────────────────────────────────────────────────────────

const tag = 'files';
const wlFiles = '/lectures/:id/weekly-lectures/:wlId';

/**
 * Files (SPEC §7 Files, weekly-lecture file-permission). Bytes never pass through these calls:
 * clients PUT to the signed URL they are given, then confirm (upload-done / multipart complete).
 */
export const filesApi = {
  uploadUrl: endpoint({
    method: 'POST', path: '/files/upload-url', tag, permission: 'STUDENT',
    summary: '업로드 주소 받기 (한 번에 PUT). 직원은 강의 자료, 학생은 과제·자습 파일',
    body: uploadBody, reply: uploadUrlReply,
  }),
  uploadDone: endpoint({
    method: 'PUT', path: '/files/:id/upload-done', tag, permission: 'STUDENT',
    summary: '업로드 완료 확인 (크기, SHA-256, 실제 형식 검사 후 사용 가능)',
    body: z.object({ sha256: sha256.describe('파일 전체의 SHA-256 (16진수)') }), reply: storedFile,
  }),
  multipartInitiate: endpoint({
    method: 'POST', path: '/files/multipart/initiate', tag, permission: 'STUDENT',
    summary: '나눠 올리기 시작 (10MB 초과 파일): 조각별 업로드 주소',
    body: uploadBody, reply: multipartReply,
  }),
  multipartPartUrl: endpoint({
    method: 'POST', path: '/files/multipart/part-url', tag, permission: 'STUDENT',
    summary: '조각 하나의 새 업로드 주소 (재시도용)',
    body: z.object({ uploadId, partNumber }), reply: uploadPart,
  }),
  multipartComplete: endpoint({
    method: 'POST', path: '/files/multipart/complete', tag, permission: 'STUDENT',
    summary: '나눠 올리기 완료 (모든 조각과 ETag, 선택적으로 SHA-256)',
    body: z.object({ uploadId, parts: partsBody, sha256: sha256.nullish() }), reply: storedFile,
  }),
  multipartAbort: endpoint({
    method: 'POST', path: '/files/multipart/abort', tag, permission: 'STUDENT',
    summary: '나눠 올리기 취소 (올라간 조각 삭제)',
    body: z.object({ uploadId }), reply: z.object({ aborted: z.boolean() }),
  }),
  get: endpoint({
    method: 'GET', path: '/files/:id', tag, permission: 'STUDENT',
    summary: '파일 정보', reply: storedFile,
  }),
  downloadUrl: endpoint({
    method: 'GET', path: '/files/:id/download-url', tag, permission: 'STUDENT',
    summary: '다운로드 주소 (학생이 받는 강의 자료 PDF·이미지는 워터마크 사본)',
    query: z.object({ inline: z.enum(['true', 'false', '1', '0']).optional().describe('브라우저에서 바로 열기') }),
    reply: signedUrl,
  }),
  getUrls: endpoint({
    method: 'POST', path: '/files/get-url', tag, permission: 'STUDENT',
    summary: '여러 파일의 다운로드 주소',
    body: z.object({ fileIds: z.array(idParam).min(1).max(50), inline: z.boolean().default(false) }),
    reply: z.array(signedUrl.extend({ fileId: z.number() })),
  }),
  watermark: endpoint({
    method: 'POST', path: '/files/:id/watermark', tag, permission: 'STUDENT',
    summary: '워터마크 사본 (PDF·PNG·JPEG). 직원은 학생을 지정할 수 있음',
    body: z.object({ studentId: id.nullish().describe('직원만: 이 학생의 이름으로') }).default({}),
    reply: signedUrl,
  }),
  updateMemo: endpoint({
    method: 'PUT', path: '/files/:id/memo', tag, permission: 'STUDENT',
    summary: '파일 메모', body: z.object({ memo: text().max(2000).describe('메모') }), reply: storedFile,
  }),
  setParentAccess: endpoint({
    method: 'PUT', path: '/files/:id/parent-access', tag, permission: 'TA',
    summary: '학부모 공개 여부', body: z.object({ hasParentAccess: z.boolean() }), reply: storedFile,
  }),
  delete: endpoint({
    method: 'DELETE', path: '/files/:id', tag, permission: 'STUDENT',
    summary: '파일 삭제 (직원: 모든 파일, 학생: 자기 파일)', reply: z.object({ deleted: z.boolean() }),
  }),
  views: endpoint({
    method: 'GET', path: '/files/:id/views', tag, permission: 'TA',
    summary: '자료를 연 학생 / 아직 안 연 학생', reply: fileViews,
  }),
  list: endpoint({
    method: 'GET', path: '/files', tag, permission: 'TA',
    summary: '파일 목록 (올린 사람, 종류, 회차로 거르기)',
    query: z.object({ ownerId: idParam.optional(), kind: z.enum(FILE_KINDS).optional(), weeklyLectureId: idParam.optional() }),
    reply: z.array(listedFile),
  }),
  weeklyLectureFiles: endpoint({
    method: 'GET', path: `${wlFiles}/files`, tag, permission: 'TA',
    summary: '회차의 강의 자료 (열람 수 포함)', reply: z.array(listedFile),
  }),
  getPermission: endpoint({
    method: 'GET', path: `${wlFiles}/file-permission`, tag, permission: 'TA',
    summary: '회차 자료 열람 권한', reply: filePermission,
  }),
  setPermission: endpoint({
    method: 'PUT', path: `${wlFiles}/file-permission`, tag, permission: 'TA',
    summary: '회차 자료 열람 권한 저장 (누가, 언제부터)', body: filePermissionBody, reply: filePermission,
  }),
};

/** The student portal's files (/sp): materials they may open, and their own uploads. */
export const portalFilesApi = {
  upload: endpoint({
    method: 'POST', path: '/sp/upload-files', tag, permission: 'STUDENT',
    summary: '학생 파일 올리기 시작 (과제·자습 파일, 내 공간). 10MB 초과는 multipart/initiate',
    body: uploadBody.extend({ kind: z.enum(STUDENT_FILE_KINDS).default('homework') }),
    reply: uploadUrlReply,
  }),
  uploads: endpoint({
    method: 'GET', path: '/sp/upload-files', tag, permission: 'STUDENT',
    summary: '내가 올린 파일', query: z.object({ kind: z.enum(STUDENT_FILE_KINDS).optional() }), reply: z.array(storedFile),
  }),
  materials: endpoint({
    method: 'GET', path: '/sp/lecture-materials', tag, permission: 'STUDENT',
    summary: '내가 볼 수 있는 강의 자료 (강좌·회차별)', query: z.object({ lectureId: idParam.optional() }), reply: z.array(materialWeek),
  }),
  checkMaterial: endpoint({
    method: 'POST', path: '/sp/lecture-materials/:id/check', tag, permission: 'STUDENT',
    summary: '강의 자료 열람 기록', reply: z.object({ checked: z.boolean() }),
  }),
  selfStudyView: endpoint({
    method: 'GET', path: '/sp/self-study-file/:id/view', tag, permission: 'STUDENT',
    summary: '내 자습 파일 보기', reply: signedUrl,
  }),
  fileView: endpoint({
    method: 'GET', path: '/sp/file/:id/view', tag, permission: 'STUDENT',
    summary: '파일 보기 (강의 자료는 워터마크 사본, 열람 기록)', reply: signedUrl,
  }),
};

/**
 * Parent links (PRODUCT.md: 학부모 have no account; a texted /link/file/<token> opens one shared
 * file and nothing else). Staff make and revoke links; opening needs no session.
 */
export const parentLinksApi = {
  create: endpoint({
    method: 'POST', path: '/files/:id/parent-links', tag, permission: 'TA',
    summary: '학부모 링크 만들기 (학생마다 하나, 선택하면 학부모에게 문자 발송)',
    body: parentLinksBody, reply: z.object({ links: z.array(madeParentLink) }),
  }),
  list: endpoint({
    method: 'GET', path: '/files/:id/parent-links', tag, permission: 'TA',
    summary: '파일의 학부모 링크 (열람 횟수 포함)와 링크를 보낼 수 있는 학생', reply: parentLinks,
  }),
  revoke: endpoint({
    method: 'DELETE', path: '/files/parent-links/:id', tag, permission: 'TA',
    summary: '학부모 링크 취소 (바로 열 수 없게 됨)', reply: parentLink,
  }),
  open: endpoint({
    method: 'GET', path: '/link/files/:token', tag: 'link', permission: 'open',
    summary: '학부모 링크로 파일 열기 (로그인 없음). 만료·취소·비공개면 404',
    params: z.object({ token: text().max(200) }),
    reply: sharedFile,
  }),
};

// ─── profile images ─────────────────────────────────────────────────────────────────────────────

/** Side of the square a profile photo is cropped and resized to on the server (WebP, no EXIF). */
export const PROFILE_IMAGE_SIZE = 256;
/** What a profile photo may be uploaded as. */
export const PROFILE_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;

export const profileImageBody = z.object({
  fileId: idParam.nullable().describe('올린 사진 파일(kind: profile) ID, null이면 사진 지우기'),
});
export const profileImageReply = z.object({ userId: z.number(), fileId: z.number().nullable(), url: z.string().nullable().describe('서명된 사진 주소 (1시간)') });
export type ProfileImage = z.infer<typeof profileImageReply>;

export const profileImagesBody = z.object({
  userIds: z.array(idParam).max(1000, '한 번에 1,000명까지 조회할 수 있습니다').describe('사진을 볼 학생 ID (학생은 자기 자신만)'),
});

const profileTag = 'profile-images';
/**
 * Profile photos: uploaded through the ordinary upload flow (kind `profile`), then set on a student;
 * the server crops the square, resizes and re-encodes (EXIF, location included, removed).
 */
export const profileImagesApi = {
  setForStudent: endpoint({
    method: 'PUT', path: '/students/:id/profile-image', tag: profileTag, permission: 'TA',
    summary: '학생 프로필 사진 지정 (정사각형으로 자르고 줄여 저장, EXIF 제거) 또는 지우기', body: profileImageBody, reply: profileImageReply,
  }),
  setMine: endpoint({
    method: 'POST', path: '/sp/profile-image', tag: profileTag, permission: 'STUDENT',
    summary: '내 프로필 사진 지정 (정사각형으로 자르고 줄여 저장, EXIF 제거) 또는 지우기', body: profileImageBody, reply: profileImageReply,
  }),
  urls: endpoint({
    method: 'POST', path: '/files/profile-images', tag: profileTag, permission: 'STUDENT',
    summary: '학생들의 프로필 사진 주소 (사진이 있는 학생만)', body: profileImagesBody, reply: z.array(profileImageReply),
  }),
};
