import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { defineResource, registerResource } from '../../plugins/graphql/registry.ts';
import { userAccounts } from '../users/index.ts';
import type { StudentsDeps } from './students.deps.ts';
import { gradeOrder, isStudent } from './students.rows.ts';
import { searchSql } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

/**
 * The `students` GraphQL resource (the CRM grid), read only — every change goes through the REST
 * calls of SPEC §7. Staff (TA, ADMIN) read; students read nothing here. Accounts come from the
 * users module's view, tags and lectures through their modules' public SQL.
 */
export function registerStudentResources(app: FastifyInstance, { tags, lectures }: Pick<StudentsDeps, 'tags' | 'lectures'>): void {
  registerResource(app, defineResource({
    name: 'students',
    singular: 'student',
    description: '학생 (삭제된 학생 제외)',
    // Read only: `table` is never written; the rows are the accounts joined with their profiles.
    table: studentProfiles,
    idColumn: userAccounts.id,
    from: sql`${userAccounts} left join ${studentProfiles} on ${studentProfiles.userId} = ${userAccounts.id}`,
    where: sql`${isStudent} and ${userAccounts.deletedAt} is null`,
    fields: {
      loginId: { type: 'String', column: userAccounts.loginId, sortable: true, filterable: true, description: '아이디' },
      name: { type: 'String', column: userAccounts.name, sortable: true, filterable: true, description: '이름' },
      phone: { type: 'String', column: userAccounts.phone, nullable: true, sortable: true, filterable: true, description: '학생 전화번호 (숫자만)' },
      parentPhone: { type: 'String', column: studentProfiles.parentPhone, nullable: true, sortable: true, filterable: true, description: '학부모 전화번호 (숫자만)' },
      school: { type: 'String', column: studentProfiles.school, nullable: true, sortable: true, filterable: true, description: '학교' },
      grade: { type: 'String', column: studentProfiles.grade, nullable: true, filterable: true, description: '학년 (초1–고3, N수)' },
      gradeOrder: { type: 'Int', column: gradeOrder, nullable: true, sortable: true, description: '학년 정렬 순서 (초1=1 … N수=13)' },
      gender: { type: 'String', column: studentProfiles.gender, nullable: true, filterable: true, description: 'M / F' },
      birthDate: { type: 'String', column: sql`${studentProfiles.birthDate}::text`, nullable: true, sortable: true, description: '생년월일 YYYY-MM-DD' },
      memo: { type: 'String', column: sql`coalesce(${studentProfiles.memo}, '')`, description: '프로필 메모' },
      isActive: { type: 'Boolean', column: userAccounts.isActive, sortable: true, filterable: true, description: '활성 계정' },
      status: { type: 'String', column: sql`case when ${userAccounts.isActive} then 'active' else 'inactive' end`, sortable: true, filterable: true, description: 'active(재원) / inactive(비활성)' },
      representativeLectureId: { type: 'Int', column: sql`${studentProfiles.representativeLectureIds}[1]`, nullable: true, filterable: true, description: '대표 강좌 ID' },
      tagIds: { type: 'String', column: tags.sql.idsTextOf(userAccounts.id), description: '태그 ID (표시 순서, 쉼표로 구분)' },
      createdAt: { type: 'DateTime', column: userAccounts.createdAt, sortable: true, filterable: true, description: '등록일' },
    },
    operations: { read: 'TA' },
    relationFilters: {
      tags: tags.sql.relationFilter(userAccounts.id),
      lectures: lectures.participation.enrolmentFilter(userAccounts.id),
    },
    virtualFilters: {
      search: {
        type: 'String',
        description: '이름, 초성(한 글자는 이름 첫 글자: ㄱ → 김·강, 두 글자 이상은 어디든: ㄱㅊ), 아이디, 전화번호 숫자 일부; eq/like/iLike 모두 "포함"으로 읽습니다',
        toSql: ({ operator, value }) => {
          // Grids send contains as iLike '%v%'; the wildcards are the client's, the words are what we search.
          const hit = searchSql(String(value ?? '').replace(/%/g, ''));
          if (!hit) return sql`true`;
          return operator === 'neq' || operator === 'notLike' || operator === 'notILike' ? sql`not ${hit}` : hit;
        },
      },
    },
    defaultSort: [{ field: 'name', direction: 'ASC' }],
  }));
}
