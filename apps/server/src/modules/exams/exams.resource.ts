import { sql } from 'drizzle-orm';
import { defineResource } from '../../plugins/graphql/registry.ts';
import { examTemplates as t } from './exams.table.ts';

/**
 * `examTemplates` for the templates grid (staff, read only): every change goes through the REST
 * calls, which check the structured answer keys.
 */
export const examTemplatesResource = defineResource({
  name: 'examTemplates',
  singular: 'examTemplate',
  description: '시험 템플릿',
  table: t,
  fields: {
    title: { type: 'String', column: t.title, sortable: true, filterable: true, description: '시험 이름' },
    subject: { type: 'String', column: t.subject, nullable: true, sortable: true, filterable: true, description: '과목' },
    questionCount: { type: 'Int', column: sql`jsonb_array_length(${t.questions})`, sortable: true, description: '문항 수' },
    maxScore: { type: 'Float', column: sql`${t.maxScore}::float8`, sortable: true, description: '만점' },
    createdAt: { type: 'DateTime', column: t.createdAt, sortable: true, filterable: true, description: '만든 시각' },
    updatedAt: { type: 'DateTime', column: t.updatedAt, sortable: true, filterable: true, description: '고친 시각' },
  },
  operations: { read: 'TA' },
  defaultSort: [{ field: 'updatedAt', direction: 'DESC' }],
});
