/**
 * Tags (태그): labels staff put on students (재원생, 장학생 …) in a display order they arrange.
 * Every request and reply of the tags area, its error codes and one endpoint per call.
 */
import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { errorCodes } from './errors.ts';
import { idsSchema } from './students.ts';
import { idParam, text } from './validation.ts';

export const TAG_ERRORS = errorCodes('tags', {
  not_found: 404,
  unknown: 400,
  name_taken: 409,
  priority_duplicate: 400,
  priority_incomplete: 400,
});

export const tagColorSchema = text().trim().regex(/^#[0-9a-fA-F]{6}$/, '색상은 #RRGGBB 형식이어야 합니다').describe('색상 (#RRGGBB)');
export const createTagBody = z.object({
  name: text().trim().min(1, '태그 이름을 입력해 주세요').max(20, '태그 이름은 20자 이하여야 합니다').describe('태그 이름'),
  color: tagColorSchema,
});
export const updateTagBody = createTagBody.partial();
export const tagPriorityBody = z.object({ tagIds: z.array(idParam).min(1).max(1000).describe('태그 ID 전체를 표시 순서대로') });
export const tagAssignBody = z.object({
  tagIds: z.array(idParam).min(1, '태그를 하나 이상 선택해 주세요').max(100),
  userIds: idsSchema,
});
export const tagReply = z.object({ id: z.number(), name: text(), color: text(), priority: z.number(), userCount: z.number() });
export type Tag = z.infer<typeof tagReply>;

const tag = 'tags';
export const tagsApi = {
  list: endpoint({
    method: 'GET', path: '/tags', tag, permission: 'TA',
    summary: '태그 목록 (표시 순서대로)', reply: z.array(tagReply),
  }),
  create: endpoint({
    method: 'POST', path: '/tags', tag, permission: 'TA',
    summary: '태그 만들기', body: createTagBody, reply: tagReply,
  }),
  reorder: endpoint({
    method: 'PUT', path: '/tags/update-tag-priority', tag, permission: 'TA',
    summary: '태그 순서 변경 (전체 순서를 한 번에)', body: tagPriorityBody, reply: z.array(tagReply),
  }),
  addToUsers: endpoint({
    method: 'POST', path: '/tags/add-to-users', tag, permission: 'TA',
    summary: '여러 사용자에게 태그 붙이기', body: tagAssignBody, reply: z.object({ addedCount: z.number() }),
  }),
  removeFromUsers: endpoint({
    method: 'POST', path: '/tags/remove-from-users', tag, permission: 'TA',
    summary: '여러 사용자에게서 태그 떼기', body: tagAssignBody, reply: z.object({ removedCount: z.number() }),
  }),
  update: endpoint({
    method: 'PUT', path: '/tags/:id', tag, permission: 'TA',
    summary: '태그 수정 (이름, 색상)', body: updateTagBody, reply: tagReply,
  }),
  delete: endpoint({
    method: 'DELETE', path: '/tags/:id', tag, permission: 'ADMIN',
    summary: '태그 삭제 (모든 사용자에게서 떨어짐)', reply: z.object({ id: z.number() }),
  }),
};
