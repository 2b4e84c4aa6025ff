import type { FastifyInstance } from 'fastify';
import { defineResource, registerResource } from '../../plugins/graphql/registry.ts';
import { userCountOf } from './tags.sql.ts';
import { tags } from './tags.table.ts';

/** The `tags` GraphQL resource, read only (changes go through the REST calls); staff read. */
export function registerTagResources(app: FastifyInstance): void {
  registerResource(app, defineResource({
    name: 'tags',
    singular: 'tag',
    description: '태그 (표시 순서대로)',
    table: tags,
    fields: {
      name: { type: 'String', column: tags.name, sortable: true, filterable: true, description: '태그 이름' },
      color: { type: 'String', column: tags.color, description: '색상 #RRGGBB' },
      priority: { type: 'Int', column: tags.priority, sortable: true, filterable: true, description: '표시 순서 (0이 처음)' },
      userCount: { type: 'Int', column: userCountOf(tags.id), sortable: true, description: '이 태그가 붙은 사용자 수' },
    },
    operations: { read: 'TA' },
    defaultSort: [{ field: 'priority', direction: 'ASC' }],
  }));
}
