import { pushAlertTemplateCreateSchema, pushAlertTemplateUpdateSchema } from '@academy/contracts/push-alert-templates';
import { defineResource } from '../../plugins/graphql/registry.ts';
import { pushAlertTemplates as t } from './push-alert-templates.table.ts';

/**
 * Message templates live only in the GraphQL data layer (SPEC §3: the admin data layer registers
 * pushAlertTemplates); full CRUD for admins, nothing for anyone else.
 */
export const pushAlertTemplatesResource = defineResource({
  name: 'pushAlertTemplates',
  singular: 'pushAlertTemplate',
  description: '알림 문자 템플릿',
  table: t,
  fields: {
    title: { type: 'String', column: t.title, sortable: true, filterable: true, description: '템플릿 이름' },
    category: { type: 'String', column: t.category, sortable: true, filterable: true, description: '분류: 출결, 성적, 클리닉, 상담, 일반' },
    body: { type: 'String', column: t.body, filterable: true, description: '본문 (#{이름} #{점수} #{링크} 변수 사용)' },
    isActive: { type: 'Boolean', column: t.isActive, sortable: true, filterable: true, description: '사용 여부' },
    createdAt: { type: 'DateTime', column: t.createdAt, sortable: true, filterable: true, description: '만든 시각' },
    updatedAt: { type: 'DateTime', column: t.updatedAt, sortable: true, filterable: true, description: '고친 시각' },
  },
  operations: { read: 'ADMIN', create: 'ADMIN', update: 'ADMIN', delete: 'ADMIN' },
  write: { create: pushAlertTemplateCreateSchema, update: pushAlertTemplateUpdateSchema },
  defaultSort: [{ field: 'createdAt', direction: 'DESC' }],
});
