import { MAX_BULK_IDS, STUDENT_ERRORS, type ListStudentsQuery, type Student, type StudentSelection } from '@academy/contracts/students';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { StudentsDeps } from './students.deps.ts';
import { isStudent, listOrder, listWhere, profileJoin, studentColumns, toStudent } from './students.rows.ts';
import { studentProfiles } from './students.table.ts';

export type StudentContact = { name: string; phone: string | null; parentPhone: string | null };
export type StudentAccount = { id: number; name: string; loginId: string; phone: string | null; isActive: boolean };

/** Reading students: the grid (page and count), the export, one student, contacts, id checks. */
export function createQueryService({ ctx, tags, lectures }: StudentsDeps) {
  const { db } = ctx;
  const columns = studentColumns(tags);

  /** The names of the rows' first representative lectures: one lookup for the whole page. */
  async function withLectureNames(rows: Parameters<typeof toStudent>[0][]): Promise<Student[]> {
    const first = rows.map((r) => r.representativeLectureIds?.[0]).filter((id): id is number => id !== undefined);
    const names = first.length ? await lectures.lectures.names(first) : new Map<number, string>();
    return rows.map((r) => toStudent(r, names));
  }

  async function count(q: ListStudentsQuery): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(userAccounts).leftJoin(studentProfiles, profileJoin).where(listWhere(q, tags));
    return Number(row?.n ?? 0);
  }

  /** The ids must all be students (deleted ones only when `deleted` is set), or nothing happens. */
  async function requireStudents(opts: { ids: number[]; deleted?: boolean }): Promise<Map<number, StudentAccount>> {
    const ids = [...new Set(opts.ids)];
    const rows = await db
      .select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone, isActive: userAccounts.isActive })
      .from(userAccounts)
      .where(and(inArray(userAccounts.id, ids), isStudent, opts.deleted ? isNotNull(userAccounts.deletedAt) : isNull(userAccounts.deletedAt)));
    const map = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !map.has(id));
    if (missing.length) {
      const what = opts.deleted ? '삭제된 학생이 아닙니다' : '존재하지 않는 학생입니다';
      throw appError(STUDENT_ERRORS.unknown_ids, `${what}: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ' …' : ''}`, { field: 'ids' });
    }
    return map;
  }

  /**
   * The ids a bulk action applies to: the given ids, or every student matching the filter (all
   * pages) minus the excluded ones. Called inside the action's transaction, so the rows it acts on
   * are the rows that matched when it ran. A filter matching nobody, or more than a bulk call may
   * take, is refused.
   */
  async function resolveSelection(sel: StudentSelection): Promise<number[]> {
    if (sel.ids) return [...new Set(sel.ids)];
    const filter = { status: 'active' as const, ...sel.filter };
    const exclude = sel.excludeIds?.length ? notInArray(userAccounts.id, sel.excludeIds) : undefined;
    const rows = await db
      .select({ id: userAccounts.id })
      .from(userAccounts)
      .leftJoin(studentProfiles, profileJoin)
      .where(and(listWhere(filter, tags), exclude))
      .orderBy(asc(userAccounts.id))
      .limit(MAX_BULK_IDS + 1);
    if (rows.length === 0) throw appError(STUDENT_ERRORS.unknown_ids, '검색 조건에 맞는 학생이 없습니다', { field: 'filter' });
    if (rows.length > MAX_BULK_IDS) throw appError(STUDENT_ERRORS.unknown_ids, `검색된 학생이 너무 많습니다. 한 번에 ${MAX_BULK_IDS}명까지 처리할 수 있으니 조건을 좁혀 주세요`, { field: 'filter' });
    return rows.map((r) => r.id);
  }

  return {
    requireStudents,
    resolveSelection,

    /**
     * A page of the grid and the total. Page (with its tags) and count are two statements: a window
     * count(*) over() would materialise and sort every matching row, where the page alone can stop
     * after pageSize rows of the name index.
     */
    async list(q: ListStudentsQuery): Promise<{ nodes: Student[]; totalCount: number }> {
      const [rows, totalCount] = await Promise.all([
        db
          .select(columns)
          .from(userAccounts)
          .leftJoin(studentProfiles, profileJoin)
          .where(listWhere(q, tags))
          .orderBy(...listOrder(q))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        count(q),
      ]);
      return { nodes: await withLectureNames(rows), totalCount };
    },

    /** Every matching student (no paging), for the Excel export. */
    async listAll(q: Omit<ListStudentsQuery, 'page' | 'pageSize'>): Promise<Student[]> {
      const rows = await db
        .select(columns)
        .from(userAccounts)
        .leftJoin(studentProfiles, profileJoin)
        .where(listWhere(q, tags))
        .orderBy(...listOrder(q, { idAscending: true }))
        .limit(100_000);
      return withLectureNames(rows);
    },

    async get(id: number, opts: { includeDeleted?: boolean } = {}): Promise<Student> {
      const [row] = await db
        .select(columns)
        .from(userAccounts)
        .leftJoin(studentProfiles, profileJoin)
        .where(and(eq(userAccounts.id, id), isStudent, opts.includeDeleted ? undefined : isNull(userAccounts.deletedAt)));
      if (!row) throw appError(STUDENT_ERRORS.not_found, '학생을 찾을 수 없습니다');
      return (await withLectureNames([row]))[0]!;
    },

    /** A live (not deleted) student, or students.not_found: what records and other areas hang off. */
    async requireLive(id: number): Promise<void> {
      const [row] = await db.select({ deletedAt: userAccounts.deletedAt }).from(userAccounts).where(and(eq(userAccounts.id, id), isStudent));
      if (!row || row.deletedAt) throw appError(STUDENT_ERRORS.not_found, '학생을 찾을 수 없습니다');
    },

    /** Names and phones (the student's and the parent's) of students by id, deleted ones included; other ids are absent. */
    async contactsOf(ids: readonly number[]): Promise<Map<number, StudentContact>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db
        .select({ id: userAccounts.id, name: userAccounts.name, phone: userAccounts.phone, parentPhone: studentProfiles.parentPhone })
        .from(userAccounts)
        .leftJoin(studentProfiles, profileJoin)
        .where(and(inArray(userAccounts.id, unique), isStudent));
      return new Map(rows.map((r) => [r.id, { name: r.name, phone: r.phone, parentPhone: r.parentPhone }]));
    },
  };
}
export type QueryService = ReturnType<typeof createQueryService>;
