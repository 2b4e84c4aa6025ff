import { hasPermission } from '@academy/contracts/roles';
import { sql } from 'drizzle-orm';
import { choseongCondition } from '../../db/choseong.ts';
import { defineResource } from '../../plugins/graphql/registry.ts';
import { users } from './users.table.ts';

/**
 * Accounts for the CRM's pickers and grids: read only, never the password hash. Admins (원장,
 * 실장) see every account; a TA sees the students and their own account, never another staff
 * member's login id or phone (issue 34 item 1: a login id and a phone are what find-password asks
 * for); a student sees only their own row. Filters and sorting run inside that scope, so a hidden
 * phone cannot be guessed through them either.
 */
export const usersResource = defineResource({
  name: 'users',
  singular: 'user',
  description: '계정 (학생·조교·관리자)',
  table: users,
  where: sql`${users.deletedAt} is null`,
  fields: {
    loginId: { type: 'String', column: users.loginId, sortable: true, filterable: true, description: '아이디' },
    name: { type: 'String', column: users.name, sortable: true, filterable: true, description: '이름' },
    phone: { type: 'String', column: users.phone, nullable: true, sortable: true, filterable: true, description: '전화번호 (숫자만, 예: 01012345678)' },
    userType: { type: 'String', column: users.userType, sortable: true, filterable: true, description: 'STUDENT, TA, ADMIN' },
    isActive: { type: 'Boolean', column: users.isActive, sortable: true, filterable: true, description: '활성 계정 여부' },
    createdAt: { type: 'DateTime', column: users.createdAt, sortable: true, filterable: true, description: '가입일' },
  },
  operations: { read: 'STUDENT' },
  scope: (user) =>
    hasPermission(user, 'ADMIN') ? null : user.userType === 'TA' ? sql`(${users.userType} = 'STUDENT' or ${users.id} = ${user.userId})` : sql`${users.id} = ${user.userId}`,
  virtualFilters: {
    search: {
      type: 'String',
      description: '이름, 초성(한 글자는 이름 첫 글자: ㄱ → 김·강, 두 글자 이상은 어디든: ㄱㅊ) 또는 전화번호 숫자 일부 (예: "김", "1234"); eq/like/iLike 모두 "포함"으로 읽습니다',
      toSql: ({ operator, value }) => {
        // Grids send contains as iLike '%v%'; the wildcards are the client's, the words are what we search.
        const words = String(value ?? '').replace(/%/g, '').trim();
        if (!words) return sql`true`;
        const digits = words.replace(/\D/g, '');
        const hit = choseongCondition(users.name, words) ?? (digits.length >= 2 && digits === words.replace(/[\s-]/g, '')
          ? sql`(${users.name} ilike ${`%${words}%`} or ${users.phone} like ${`%${digits}%`})`
          : sql`${users.name} ilike ${`%${words}%`}`);
        return operator === 'neq' || operator === 'notLike' || operator === 'notILike' ? sql`not ${hit}` : hit;
      },
    },
  },
  defaultSort: [{ field: 'name', direction: 'ASC' }],
});
