import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { tags, userTags } from '../tags/tags.table.ts';
import { users } from '../users/users.table.ts';
import { searchCondition } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

const GRADE_ORDER = sql`array_position(array['초1','초2','초3','초4','초5','초6','중1','중2','중3','고1','고2','고3','N수']::text[], ${studentProfiles.grade})`;

/**
 * GraphQL resources of the roster: `students` (the CRM grid) and `tags`. Read only — every change
 * goes through the REST calls of SPEC §7. Staff (TA, ADMIN) read; students read nothing here.
 */
export function registerStudentResources(app: FastifyInstance): void {
  registerResource(app, {
    name: 'students',
    singular: 'student',
    typeName: 'Student',
    description: '학생 (삭제된 학생 제외)',
    table: users,
    idColumn: users.id,
    from: sql`${users} left join ${studentProfiles} on ${studentProfiles.userId} = ${users.id}`,
    where: sql`${users.userType} = 'STUDENT' and ${users.deletedAt} is null`,
    fields: {
      id: { type: 'ID', column: users.id, sortable: true, filterable: true },
      loginId: { type: 'String', column: users.loginId, sortable: true, filterable: true, description: '아이디' },
      name: { type: 'String', column: users.name, sortable: true, filterable: true, description: '이름' },
      phone: { type: 'String', column: users.phone, nullable: true, sortable: true, filterable: true, description: '학생 전화번호 (숫자만)' },
      parentPhone: { type: 'String', column: studentProfiles.parentPhone, nullable: true, sortable: true, filterable: true, description: '학부모 전화번호 (숫자만)' },
      school: { type: 'String', column: studentProfiles.school, nullable: true, sortable: true, filterable: true, description: '학교' },
      grade: { type: 'String', column: studentProfiles.grade, nullable: true, filterable: true, description: '학년 (초1–고3, N수)' },
      gradeOrder: { type: 'Int', column: GRADE_ORDER, nullable: true, sortable: true, description: '학년 정렬 순서 (초1=1 … N수=13)' },
      gender: { type: 'String', column: studentProfiles.gender, nullable: true, filterable: true, description: 'M / F' },
      birthDate: { type: 'String', column: sql`${studentProfiles.birthDate}::text`, nullable: true, sortable: true, description: '생년월일 YYYY-MM-DD' },
      memo: { type: 'String', column: sql`coalesce(${studentProfiles.memo}, '')`, description: '프로필 메모' },
      isActive: { type: 'Boolean', column: users.isActive, sortable: true, filterable: true, description: '활성 계정' },
      status: { type: 'String', column: sql`case when ${users.isActive} then 'active' else 'inactive' end`, sortable: true, filterable: true, description: 'active(재원) / inactive(비활성)' },
      representativeLectureId: { type: 'Int', column: sql`${studentProfiles.representativeLectureIds}[1]`, nullable: true, filterable: true, description: '대표 강좌 ID' },
      tagIds: {
        type: 'String',
        column: sql`coalesce((select string_agg(ut.tag_id::text, ',' order by t.priority, t.id) from ${userTags} ut join ${tags} t on t.id = ut.tag_id where ut.user_id = ${users.id}), '')`,
        description: '태그 ID (표시 순서, 쉼표로 구분)',
      },
      createdAt: { type: 'DateTime', column: users.createdAt, sortable: true, filterable: true, description: '등록일' },
    },
    operations: { read: 'TA' },
    relationFilters: {
      tags: {
        description: '태그로 거르기: { tags: { id: { in: [1, 2] } } }',
        fields: { id: { type: 'ID', column: userTags.tagId, filterable: true } },
        exists: (cond) => sql`exists (select 1 from ${userTags} where ${userTags.userId} = ${users.id} and ${cond})`,
      },
      lectures: {
        description: '수강 강좌로 거르기: { lectures: { id: { in: [1] } } }',
        fields: { id: { type: 'ID', column: sql.raw('ls.lecture_id'), filterable: true } },
        exists: (cond) => sql`exists (select 1 from lecture_students ls where ls.user_id = ${users.id} and ls.left_at is null and ${cond})`,
      },
    },
    virtualFilters: {
      search: {
        type: 'String',
        description: '이름, 초성(ㄱㅊㅅ), 아이디, 전화번호 숫자 일부; eq/like/iLike 모두 "포함"으로 읽습니다',
        toSql: ({ operator, value }) => {
          // Grids send contains as iLike '%v%'; the wildcards are the client's, the words are what we search.
          const search = searchCondition(String(value ?? '').replace(/%/g, ''));
          if (!search) return sql`true`;
          const hit = search.kind === 'token'
            ? sql`${studentProfiles.searchTokens} @> array[${search.token}::text]`
            : sql`${studentProfiles.searchText} like ${search.pattern}`;
          return operator === 'neq' || operator === 'notLike' || operator === 'notILike' ? sql`not ${hit}` : hit;
        },
      },
    },
    defaultSort: [{ field: 'name', direction: 'ASC' }],
  });

  registerResource(app, {
    name: 'tags',
    singular: 'tag',
    typeName: 'Tag',
    description: '태그 (표시 순서대로)',
    table: tags,
    idColumn: tags.id,
    fields: {
      id: { type: 'ID', column: tags.id, sortable: true, filterable: true },
      name: { type: 'String', column: tags.name, sortable: true, filterable: true, description: '태그 이름' },
      color: { type: 'String', column: tags.color, description: '색상 #RRGGBB' },
      priority: { type: 'Int', column: tags.priority, sortable: true, filterable: true, description: '표시 순서 (0이 처음)' },
      userCount: {
        type: 'Int',
        column: sql`(select count(*)::int from ${userTags} ut join ${users} u on u.id = ut.user_id where ut.tag_id = ${tags.id} and u.deleted_at is null)`,
        sortable: true,
        description: '이 태그가 붙은 사용자 수',
      },
    },
    operations: { read: 'TA' },
    defaultSort: [{ field: 'priority', direction: 'ASC' }],
  });
}
