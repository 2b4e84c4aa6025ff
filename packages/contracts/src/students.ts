/**
 * Students (학생): the roster grid, profiles, bulk actions and the Excel import/export. Every
 * request and reply of the students area, its error codes and one endpoint per call. Tags and
 * student records (consults, memos, 모의고사/내신 scores) have their own files.
 */
import { z } from 'zod';
import { downloadReply, endpoint, multipartBody, XLSX_TYPE } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { idParam, isoDateSchema, loginIdSchema, passwordSchema, phoneSchema, text } from './validation.ts';

export const STUDENT_ERRORS = errorCodes('students', {
  not_found: 404,
  unknown_ids: 400,
  login_id_taken: 409,
  password_required: 400,
  phone_missing: 400,
  excel_invalid: 400,
  excel_headers: 400,
  excel_empty: 400,
  excel_too_many_rows: 400,
});

/** 학년 values a Korean center uses; N수 is a graduate preparing to retake the 수능. */
export const STUDENT_GRADES = ['초1', '초2', '초3', '초4', '초5', '초6', '중1', '중2', '중3', '고1', '고2', '고3', 'N수'] as const;
export type StudentGrade = (typeof STUDENT_GRADES)[number];
export const STUDENT_GENDERS = ['M', 'F'] as const;
export const GENDER_LABEL: Record<(typeof STUDENT_GENDERS)[number], string> = { M: '남', F: '여' };
/** The same four kinds students pick when they reserve a counsel slot. */
export const CONSULT_TYPES = ['학습', '진로', '성적', '기타'] as const;
export const ACTUAL_EXAM_TYPES = ['모의고사', '내신'] as const;

/** Excel import limits: a center's whole roster fits easily; anything bigger is a mistake. */
export const STUDENT_IMPORT_MAX_ROWS = 5000;
export const STUDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const STUDENT_EXCEL_HEADERS = ['이름', '아이디', '비밀번호', '학생 전화번호', '학부모 전화번호', '학교', '학년', '메모'] as const;
/** Bulk calls take at most this many ids at once. */
export const MAX_BULK_IDS = 5000;

/** Initial password when none is given: last four phone digits followed by the login id. */
export function initialStudentPassword(opts: { phone: string; loginId: string }): string {
  return `${opts.phone.replace(/\D/g, '').slice(-4)}${opts.loginId}`;
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const studentNameSchema = text().trim().min(1, '이름을 입력해 주세요').max(30, '이름은 30자 이하여야 합니다').describe('이름');
export const optionalPhoneSchema = z.preprocess(emptyToNull, phoneSchema.nullable()).optional();
const optionalText = (max: number, label: string) =>
  z.preprocess(emptyToNull, text().trim().max(max, `${label}은(는) ${max}자 이하여야 합니다`).nullable()).optional();

const profileFields = {
  name: studentNameSchema,
  phone: optionalPhoneSchema.describe('학생 전화번호 (하이픈 유무 무관)'),
  parentPhone: optionalPhoneSchema.describe('학부모 전화번호 (하이픈 유무 무관)'),
  school: optionalText(50, '학교').describe('학교'),
  grade: z.preprocess(emptyToNull, z.enum(STUDENT_GRADES).nullable()).optional().describe('학년 (초1–고3, N수)'),
  gender: z.preprocess(emptyToNull, z.enum(STUDENT_GENDERS).nullable()).optional().describe('성별 M/F'),
  birthDate: z.preprocess(emptyToNull, isoDateSchema.nullable()).optional().describe('생년월일 (YYYY-MM-DD)'),
  memo: text().max(2000, '메모는 2000자 이하여야 합니다').optional().describe('학생 메모 (프로필)'),
};

export const idsSchema = z.array(idParam).min(1, '하나 이상 선택해 주세요').max(MAX_BULK_IDS, `한 번에 ${MAX_BULK_IDS}명까지 처리할 수 있습니다`);

export const createStudentBody = z.object({
  loginId: loginIdSchema,
  password: passwordSchema.optional().describe('비우면 학생 전화번호 끝 4자리 + 아이디'),
  ...profileFields,
  isActive: z.boolean().optional(),
  tagIds: z.array(idParam).max(100).optional().describe('붙일 태그 ID'),
});
export type CreateStudentBody = z.infer<typeof createStudentBody>;

export const updateStudentBody = z.object({
  loginId: loginIdSchema.optional(),
  ...profileFields,
  name: studentNameSchema.optional(),
  isActive: z.boolean().optional(),
  tagIds: z.array(idParam).max(100).optional().describe('태그 전체 목록 (보내면 이 목록으로 교체)'),
});
export type UpdateStudentBody = z.infer<typeof updateStudentBody>;

export const STUDENT_SORT_FIELDS = ['name', 'loginId', 'school', 'grade', 'createdAt', 'isActive'] as const;
export const STUDENT_STATUSES = ['active', 'inactive', 'deleted', 'all'] as const;

const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z.array(idParam).max(100),
);
const textList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z.array(text().trim().max(50)).max(50),
);

export const listStudentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1).describe('1부터'),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  sortField: z.enum(STUDENT_SORT_FIELDS).default('name'),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  search: text().trim().max(50).optional().describe('이름, 아이디, 전화번호 숫자, 초성(ㄱㅊㅅ)'),
  name: text().trim().max(30).optional(),
  school: textList.optional().describe('학교 (쉼표로 여러 개)'),
  grade: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z.array(z.enum(STUDENT_GRADES)).max(13),
  ).optional().describe('학년 (쉼표로 여러 개)'),
  status: z.enum(STUDENT_STATUSES).default('active').describe('active=재원, inactive=비활성, deleted=삭제됨, all=삭제 제외 전체'),
  tagIds: idList.optional().describe('태그 ID (쉼표로 여러 개, 모두 가진 학생)'),
});
export type ListStudentsQuery = z.infer<typeof listStudentsQuery>;

/** The grid's filter without paging and sorting: what "검색된 N명 모두 선택" selects. */
export const studentFilter = listStudentsQuery.pick({ search: true, name: true, school: true, grade: true, status: true, tagIds: true });
export type StudentFilter = z.infer<typeof studentFilter>;

/**
 * Who a bulk action applies to: the ticked `ids`, or every student matching `filter` (all pages)
 * except `excludeIds`. Exactly one of ids and filter; the server resolves the filter in the
 * action's transaction.
 */
const selectionFields = {
  ids: idsSchema.optional().describe('선택한 학생 ID'),
  filter: studentFilter.optional().describe('이 조건에 맞는 학생 전체 (모든 페이지)'),
  excludeIds: z.array(idParam).max(MAX_BULK_IDS).optional().describe('filter로 고른 학생 중 제외할 ID'),
};
function selectionIssues(v: { ids?: unknown; filter?: unknown; excludeIds?: unknown }, ctx: z.core.$RefinementCtx): void {
  if ((v.ids === undefined) === (v.filter === undefined)) ctx.addIssue({ code: 'custom', path: ['ids'], message: '학생 ID 목록(ids)이나 검색 조건(filter) 중 하나를 보내 주세요' });
  if (v.ids !== undefined && v.excludeIds !== undefined) ctx.addIssue({ code: 'custom', path: ['excludeIds'], message: '제외 목록은 검색 조건과 함께만 보낼 수 있습니다' });
}
export type StudentSelection = { ids?: number[]; filter?: StudentFilter; excludeIds?: number[] };
export const studentSelectionBody = z.object(selectionFields).superRefine(selectionIssues);

export const batchUpdateStudentsBody = z.object({
  ...selectionFields,
  update: z.object({
    school: profileFields.school,
    grade: profileFields.grade,
    isActive: z.boolean().optional(),
  }).refine((u) => Object.values(u).some((v) => v !== undefined), '바꿀 항목을 하나 이상 지정해 주세요'),
}).superRefine(selectionIssues);

export const toggleStatusBody = z.object({
  ...selectionFields,
  isActive: z.boolean().optional().describe('지정하면 모두 이 상태로, 비우면 각자 반대로'),
}).superRefine(selectionIssues);

export const idsBody = studentSelectionBody;

export const batchChangePasswordBody = z.object({
  ...selectionFields,
  password: passwordSchema.optional().describe('비우면 각 학생의 초기 비밀번호(전화번호 끝 4자리 + 아이디)'),
}).superRefine(selectionIssues);

export const studentTagsBody = z.object({
  ...selectionFields,
  tagIds: z.array(idParam).min(1, '태그를 하나 이상 선택해 주세요').max(100),
}).superRefine(selectionIssues);

export const tagSummary = z.object({ id: z.number(), name: text(), color: text() });
export const studentReply = z.object({
  id: z.number(),
  loginId: text(),
  name: text(),
  phone: text().nullable(),
  parentPhone: text().nullable(),
  school: text().nullable(),
  grade: z.enum(STUDENT_GRADES).nullable(),
  gender: z.enum(STUDENT_GENDERS).nullable(),
  birthDate: text().nullable(),
  memo: text(),
  profileImageFileId: z.number().nullable(),
  representativeLectureIds: z.array(z.number()),
  representativeLectureName: text().nullable().describe('첫 번째 대표 강좌의 이름 (이름 옆에 표시)'),
  isActive: z.boolean(),
  deletedAt: text().nullable(),
  createdAt: text(),
  tags: z.array(tagSummary),
});
export type Student = z.infer<typeof studentReply>;
export const studentPageReply = z.object({ nodes: z.array(studentReply), totalCount: z.number() });

export const importRowError = z.object({
  row: z.number().describe('엑셀 행 번호 (머리글이 1행)'),
  field: text(),
  message: text(),
  value: text().optional().describe('칸에 적힌 틀린 값 (미리 보기에 그대로 보여 줍니다)'),
});
export type ImportRowError = z.infer<typeof importRowError>;
export const importPreviewRow = z.object({
  row: z.number(),
  name: text(),
  loginId: text(),
  phone: text().nullable(),
  parentPhone: text().nullable(),
  school: text().nullable(),
  grade: text().nullable(),
  memo: text(),
  passwordGenerated: z.boolean().describe('비밀번호 칸이 비어 초기 비밀번호를 쓰는지'),
  ok: z.boolean(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;
export const importReply = z.object({
  dryRun: z.boolean(),
  total: z.number(),
  valid: z.number(),
  inserted: z.number(),
  errors: z.array(importRowError),
  rows: z.array(importPreviewRow),
});
export type ImportReply = z.infer<typeof importReply>;

export const representativeLecturesBody = z.object({
  lectureIds: z.array(idParam).max(10, '대표 강좌는 10개까지 지정할 수 있습니다').describe('대표 강좌 ID (첫 번째가 이름 옆에 표시)'),
});
export type TagSummary = z.infer<typeof tagSummary>;

export const updatedCountReply = z.object({ updatedCount: z.number() });
export const toggleStatusReply = z.object({ updatedCount: z.number(), students: z.array(z.object({ id: z.number(), isActive: z.boolean() })) });

/** The Excel import's text fields beside the file; `dryRun` may also come in the query. */
const dryRunField = z.enum(['true', 'false'], { error: 'true 또는 false여야 합니다' }).optional().describe('true: 검사만 (기본), false: 등록');

const tag = 'students';
export const studentsApi = {
  list: endpoint({
    method: 'GET', path: '/students', tag, permission: 'TA',
    summary: '학생 목록 (페이지, 정렬, 필터, 초성 검색)', query: listStudentsQuery, reply: studentPageReply,
  }),
  excelTemplate: endpoint({
    method: 'GET', path: '/students/excel-template', tag, permission: 'TA',
    summary: '학생 일괄 등록 엑셀 양식 (.xlsx)', reply: downloadReply(XLSX_TYPE),
  }),
  excelExport: endpoint({
    method: 'GET', path: '/students/excel-export', tag, permission: 'TA',
    summary: '현재 필터의 학생 목록 엑셀 (.xlsx)', query: listStudentsQuery, reply: downloadReply(XLSX_TYPE),
  }),
  importExcel: endpoint({
    method: 'POST', path: '/students/excel', tag, permission: 'TA',
    summary: '학생 엑셀 일괄 등록 (multipart: file, dryRun)',
    description: 'dryRun(true|false, 쿼리로도 가능). 모든 행을 먼저 검사하고, 오류가 하나라도 있으면 아무것도 등록하지 않습니다.',
    query: z.object({ dryRun: dryRunField }),
    body: multipartBody({
      fields: z.object({ dryRun: dryRunField }),
      maxBytes: STUDENT_IMPORT_MAX_BYTES,
      accept: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    reply: importReply,
  }),
  create: endpoint({
    method: 'POST', path: '/students', tag, permission: 'TA',
    summary: '학생 등록', body: createStudentBody, reply: studentReply,
  }),
  batchChangePassword: endpoint({
    method: 'POST', path: '/students/batch-change-password', tag, permission: 'ADMIN',
    summary: '학생 비밀번호 일괄 변경 (비우면 초기 비밀번호로)', body: batchChangePasswordBody, reply: updatedCountReply,
  }),
  batchUpdate: endpoint({
    method: 'PUT', path: '/students/batch-update', tag, permission: 'TA',
    summary: '학생 일괄 수정 (학교, 학년, 상태)', body: batchUpdateStudentsBody, reply: updatedCountReply,
  }),
  addTags: endpoint({
    method: 'POST', path: '/students/add-tags', tag, permission: 'TA',
    summary: '선택한 학생(또는 검색된 학생 전체)에게 태그 붙이기', body: studentTagsBody, reply: z.object({ addedCount: z.number() }),
  }),
  removeTags: endpoint({
    method: 'POST', path: '/students/remove-tags', tag, permission: 'TA',
    summary: '선택한 학생(또는 검색된 학생 전체)에게서 태그 떼기', body: studentTagsBody, reply: z.object({ removedCount: z.number() }),
  }),
  toggleStatus: endpoint({
    method: 'PUT', path: '/students/toggle-status', tag, permission: 'TA',
    summary: '학생 계정 활성/비활성 전환', body: toggleStatusBody, reply: toggleStatusReply,
  }),
  delete: endpoint({
    method: 'POST', path: '/students/delete', tag, permission: 'ADMIN',
    summary: '학생 삭제 (숨김 처리, 성적·출결 기록은 보존, 복구 가능)', body: idsBody, reply: z.object({ deletedCount: z.number() }),
  }),
  restore: endpoint({
    method: 'POST', path: '/students/restore', tag, permission: 'ADMIN',
    summary: '삭제한 학생 복구', body: idsBody, reply: z.object({ restoredCount: z.number() }),
  }),
  get: endpoint({
    method: 'GET', path: '/students/:id', tag, permission: 'TA',
    summary: '학생 상세', query: z.object({ includeDeleted: z.enum(['true', 'false']).optional() }), reply: studentReply,
  }),
  update: endpoint({
    method: 'PUT', path: '/students/:id', tag, permission: 'TA',
    summary: '학생 정보 수정', body: updateStudentBody, reply: studentReply,
  }),
  setRepresentativeLectures: endpoint({
    method: 'PUT', path: '/students/:id/representative-lectures', tag, permission: 'TA',
    summary: '대표 강좌 지정', body: representativeLecturesBody, reply: studentReply,
  }),
};
