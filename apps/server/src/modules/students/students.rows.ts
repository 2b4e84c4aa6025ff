import { STUDENT_GRADES, type ListStudentsQuery, type Student } from '@academy/contracts/students';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { userAccounts } from '../users/index.ts';
import type { StudentsDeps } from './students.deps.ts';
import { searchSql } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

/** 학년 in school order (초1 … N수), for sorting: the grades are fixed in contracts. */
export const gradeOrder = sql<number>`array_position(${sql.raw(`array[${STUDENT_GRADES.map((g) => `'${g}'`).join(',')}]::text[]`)}, ${studentProfiles.grade})`;

/** The columns of one student row: the account (userAccounts view), its profile and its tags. */
export function studentColumns(tags: StudentsDeps['tags']) {
  return {
    id: userAccounts.id,
    loginId: userAccounts.loginId,
    name: userAccounts.name,
    phone: userAccounts.phone,
    isActive: userAccounts.isActive,
    deletedAt: userAccounts.deletedAt,
    createdAt: userAccounts.createdAt,
    parentPhone: studentProfiles.parentPhone,
    school: studentProfiles.school,
    grade: studentProfiles.grade,
    gender: studentProfiles.gender,
    birthDate: studentProfiles.birthDate,
    memo: studentProfiles.memo,
    profileImageFileId: studentProfiles.profileImageFileId,
    representativeLectureIds: studentProfiles.representativeLectureIds,
    tags: tags.sql.summariesOf(userAccounts.id),
  };
}

type StudentRow = {
  id: number; loginId: string; name: string; phone: string | null; isActive: boolean; deletedAt: Date | null; createdAt: Date;
  parentPhone: string | null; school: string | null; grade: Student['grade']; gender: Student['gender']; birthDate: string | null;
  memo: string | null; profileImageFileId: number | null; representativeLectureIds: number[] | null; tags: Student['tags'] | null;
};

/** Rows as the API answers them; the first representative lecture's name comes from `names`. */
export function toStudent(row: StudentRow, names: Map<number, string>): Student {
  const lectureIds = row.representativeLectureIds ?? [];
  return {
    id: row.id,
    loginId: row.loginId,
    name: row.name,
    phone: row.phone,
    parentPhone: row.parentPhone,
    school: row.school,
    grade: row.grade,
    gender: row.gender,
    birthDate: row.birthDate,
    memo: row.memo ?? '',
    profileImageFileId: row.profileImageFileId,
    representativeLectureIds: lectureIds,
    representativeLectureName: lectureIds.length ? (names.get(lectureIds[0]!) ?? null) : null,
    isActive: row.isActive,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    tags: row.tags ?? [],
  };
}

/** Students only: accounts of other kinds never appear in this module's answers. */
export const isStudent = sql`${userAccounts.userType} = 'STUDENT'`;

/** The WHERE clause of the student list, shared by the grid and the Excel export. */
export function listWhere(q: Omit<ListStudentsQuery, 'page' | 'pageSize' | 'sortField' | 'sortDir'>, tags: StudentsDeps['tags']): SQL {
  const conds: (SQL | undefined)[] = [isStudent];
  if (q.status === 'active') conds.push(isNull(userAccounts.deletedAt), sql`${userAccounts.isActive}`);
  else if (q.status === 'inactive') conds.push(isNull(userAccounts.deletedAt), sql`not ${userAccounts.isActive}`);
  else if (q.status === 'deleted') conds.push(isNotNull(userAccounts.deletedAt));
  else conds.push(isNull(userAccounts.deletedAt));
  // One GIN probe on the tokens, a LIKE on the text, or the leading-초성 range (students.search.ts).
  const search = q.search ? searchSql(q.search) : null;
  if (search) conds.push(search);
  if (q.name) conds.push(ilike(userAccounts.name, `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (q.school?.length) conds.push(inArray(studentProfiles.school, q.school));
  if (q.grade?.length) conds.push(inArray(studentProfiles.grade, q.grade));
  if (q.tagIds?.length) conds.push(tags.sql.hasAnyOf(userAccounts.id, q.tagIds));
  return and(...conds)!;
}

const SORT = {
  name: userAccounts.name,
  loginId: userAccounts.loginId,
  school: studentProfiles.school,
  grade: gradeOrder,
  createdAt: userAccounts.createdAt,
  isActive: userAccounts.isActive,
} as const;

/** ORDER BY of the list: the field (empty values last), then the id in the same direction (the export: id ascending). */
export function listOrder(q: Pick<ListStudentsQuery, 'sortField' | 'sortDir'>, opts: { idAscending?: boolean } = {}): SQL[] {
  const dir = q.sortDir === 'desc' ? sql`desc` : sql`asc`;
  return [sql`${SORT[q.sortField]} ${dir} nulls last`, opts.idAscending ? asc(userAccounts.id) : q.sortDir === 'desc' ? desc(userAccounts.id) : asc(userAccounts.id)];
}

export const profileJoin = eq(studentProfiles.userId, userAccounts.id);
