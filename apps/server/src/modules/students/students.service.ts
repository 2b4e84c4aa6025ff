import argon2 from 'argon2';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  initialStudentPassword,
  type CreateStudentBody,
  type ListStudentsQuery,
  type Student,
  type UpdateStudentBody,
} from '@academy/contracts/students';
import type { AppContext } from '../../context.ts';
import { legacyQuery } from '../../db/legacy-query.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { recordAudit } from '../../lib/audit/audit.ts';
import { tags, userTags } from '../tags/tags.table.ts';
import { users } from '../users/users.table.ts';
import { searchColumns, searchCondition } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

/**
 * argon2 runs on libuv's thread pool (4 threads by default); more in flight only queues.
 * Measured on the 2-core build machine: ~27 ms per hash at this concurrency.
 */
const HASH_CONCURRENCY = 4;

export async function mapLimit<T, R>(opts: { items: readonly T[]; limit: number; fn: (item: T) => Promise<R> }): Promise<R[]> {
  const out = new Array<R>(opts.items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(opts.limit, opts.items.length) }, async () => {
      while (next < opts.items.length) {
        const i = next++;
        out[i] = await opts.fn(opts.items[i]!);
      }
    }),
  );
  return out;
}

/**
 * Initial passwords (last four phone digits + login id) can be derived from the very row they
 * protect: phone and login id are stored in plain text beside the hash. argon2's cost therefore buys
 * them nothing against a database leak, and online guessing is limited by sign-in throttling either
 * way. They are stored as argon2id (the sign-in check is unchanged) at a minimal cost, ≈1 ms instead of
 * ≈27 ms, which is what lets a 3,000-row import finish in seconds. Passwords a person typed, in the
 * form or in the Excel file, get the project's full cost (src/lib/passwords.ts).
 */
const INITIAL_PASSWORD_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export function hashInitialPassword(password: string): Promise<string> {
  return argon2.hash(password, INITIAL_PASSWORD_OPTIONS);
}

/** Hashes many passwords concurrently: initial ones cheaply, chosen ones at full cost. */
export function hashMany(items: readonly { password: string; initial: boolean }[]): Promise<string[]> {
  return mapLimit({ items, limit: HASH_CONCURRENCY, fn: (i) => (i.initial ? hashInitialPassword(i.password) : hashPassword(i.password)) });
}

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}

type StudentSqlRow = {
  id: number;
  login_id: string;
  name: string;
  phone: string | null;
  is_active: boolean;
  deleted_at: Date | string | null;
  created_at: Date | string;
  parent_phone: string | null;
  school: string | null;
  grade: Student['grade'];
  gender: Student['gender'];
  birth_date: string | null;
  memo: string | null;
  profile_image_file_id: number | null;
  representative_lecture_ids: number[] | null;
  representative_lecture_name: string | null;
  tags: Student['tags'] | null;
};

const iso = (v: Date | string | null): string | null => (v == null ? null : new Date(v).toISOString());

function toStudent(row: StudentSqlRow): Student {
  return {
    id: row.id,
    loginId: row.login_id,
    name: row.name,
    phone: row.phone,
    parentPhone: row.parent_phone,
    school: row.school,
    grade: row.grade,
    gender: row.gender,
    birthDate: row.birth_date,
    memo: row.memo ?? '',
    profileImageFileId: row.profile_image_file_id,
    representativeLectureIds: row.representative_lecture_ids ?? [],
    representativeLectureName: row.representative_lecture_name,
    isActive: row.is_active,
    deletedAt: iso(row.deleted_at),
    createdAt: iso(row.created_at)!,
    tags: row.tags ?? [],
  };
}

const SELECT_STUDENT = `
  select u.id, u.login_id, u.name, u.phone, u.is_active, u.deleted_at, u.created_at,
         p.parent_phone, p.school, p.grade, p.gender, p.birth_date::text as birth_date, p.memo,
         p.profile_image_file_id, p.representative_lecture_ids, rl.name as representative_lecture_name,
         (select json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.priority, t.id)
            from user_tags ut join tags t on t.id = ut.tag_id where ut.user_id = u.id) as tags`;

/** The name of the first representative lecture comes with the row: one join for the whole page. */
const FROM_STUDENT = `
    from users u left join student_profiles p on p.user_id = u.id
    left join lectures rl on rl.id = p.representative_lecture_ids[1]`;

const GRADE_ORDER = `array_position(array['초1','초2','초3','초4','초5','초6','중1','중2','중3','고1','고2','고3','N수']::text[], p.grade)`;
const SORT_SQL: Record<ListStudentsQuery['sortField'], string> = {
  name: 'u.name',
  loginId: 'u.login_id',
  school: 'p.school',
  grade: GRADE_ORDER,
  createdAt: 'u.created_at',
  isActive: 'u.is_active',
};

/** A parameterised WHERE clause for the student list, shared by the grid and the Excel export. */
function listWhere(q: Omit<ListStudentsQuery, 'page' | 'pageSize' | 'sortField' | 'sortDir'>): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const conds = [`u.user_type = 'STUDENT'`];
  if (q.status === 'active') conds.push('u.deleted_at is null and u.is_active');
  else if (q.status === 'inactive') conds.push('u.deleted_at is null and not u.is_active');
  else if (q.status === 'deleted') conds.push('u.deleted_at is not null');
  else conds.push('u.deleted_at is null');
  const search = q.search ? searchCondition(q.search) : null;
  if (search?.kind === 'token') conds.push(`p.search_tokens @> array[${p(search.token)}::text]`);
  if (search?.kind === 'like') conds.push(`p.search_text like ${p(search.pattern)}`);
  if (q.name) conds.push(`u.name ilike ${p(`%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (q.school?.length) conds.push(`p.school = any(${p(q.school)}::text[])`);
  if (q.grade?.length) conds.push(`p.grade = any(${p(q.grade)}::text[])`);
  if (q.tagIds?.length) conds.push(`exists (select 1 from user_tags ut where ut.user_id = u.id and ut.tag_id = any(${p(q.tagIds)}::int[]))`);
  return { where: conds.join(' and '), params };
}

export function createStudentsService(ctx: AppContext) {
  const { db } = ctx;

  async function list(q: ListStudentsQuery): Promise<{ nodes: Student[]; totalCount: number }> {
    const { where, params } = listWhere(q);
    const dir = q.sortDir === 'desc' ? 'desc' : 'asc';
    // Page (with its tags) and count as two statements: a window count(*) over() would materialise
    // and sort every matching row, where the page alone can stop after pageSize rows of the name index.
    const [rows, totalCount] = await Promise.all([
      legacyQuery<StudentSqlRow>(db, 
        `${SELECT_STUDENT} ${FROM_STUDENT}
          where ${where}
          order by ${SORT_SQL[q.sortField]} ${dir} nulls last, u.id ${dir}
          limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
        params,
      ),
      count(q),
    ]);
    return { nodes: rows.map(toStudent), totalCount };
  }

  async function count(q: ListStudentsQuery): Promise<number> {
    const { where, params } = listWhere(q);
    const [row] = await legacyQuery<{ n: number }>(db, 
      `select count(*)::int as n from users u left join student_profiles p on p.user_id = u.id where ${where}`,
      params,
    );
    return Number(row?.n ?? 0);
  }

  /** Every matching student (no paging), for the Excel export. */
  async function listAll(q: ListStudentsQuery): Promise<Student[]> {
    const { where, params } = listWhere(q);
    const rows = await legacyQuery<StudentSqlRow>(db, 
      `${SELECT_STUDENT} ${FROM_STUDENT}
        where ${where} order by ${SORT_SQL[q.sortField]} ${q.sortDir === 'desc' ? 'desc' : 'asc'} nulls last, u.id limit 100000`,
      params,
    );
    return rows.map(toStudent);
  }

  async function get(id: number, opts: { includeDeleted?: boolean } = {}): Promise<Student> {
    const [row] = await legacyQuery<StudentSqlRow>(db, 
      `${SELECT_STUDENT} ${FROM_STUDENT}
        where u.id = $1 and u.user_type = 'STUDENT' ${opts.includeDeleted ? '' : 'and u.deleted_at is null'}`,
      [id],
    );
    if (!row) throw notFound('students.not_found', '학생을 찾을 수 없습니다');
    return toStudent(row);
  }

  async function assertTagsExist(tx: DbOrTx, tagIds: number[]): Promise<void> {
    if (tagIds.length === 0) return;
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds));
    const known = new Set(found.map((t) => t.id));
    const missing = [...new Set(tagIds)].filter((id) => !known.has(id));
    if (missing.length) throw badRequest('tags.unknown', `tagIds: 존재하지 않는 태그입니다: ${missing.join(', ')}`);
  }

  /** The ids must all be students (deleted ones only when `deleted` is set), or nothing happens. */
  async function assertStudents(tx: DbOrTx, opts: { ids: number[]; deleted?: boolean }): Promise<Map<number, typeof users.$inferSelect>> {
    const ids = [...new Set(opts.ids)];
    const rows = await tx
      .select()
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.userType, 'STUDENT'), opts.deleted ? sql`${users.deletedAt} is not null` : isNull(users.deletedAt)));
    const map = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((id) => !map.has(id));
    if (missing.length) {
      const what = opts.deleted ? '삭제된 학생이 아닙니다' : '존재하지 않는 학생입니다';
      throw badRequest('students.unknown_ids', `ids: ${what}: ${missing.slice(0, 20).join(', ')}${missing.length > 20 ? ' …' : ''}`);
    }
    return map;
  }

  async function ensureLoginIdFree(tx: DbOrTx, loginId: string, exceptId?: number): Promise<void> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.loginId, loginId));
    if (row && row.id !== exceptId) throw conflict('students.login_id_taken', `loginId: 이미 사용 중인 아이디입니다: ${loginId}`);
  }

  async function create(input: { body: CreateStudentBody; actorId: number }): Promise<Student> {
    const b = input.body;
    if (!b.password && !b.phone) {
      throw badRequest('students.password_required', 'password: 비밀번호를 비우려면 학생 전화번호가 필요합니다 (초기 비밀번호 = 전화번호 끝 4자리 + 아이디)');
    }
    const passwordHash = b.password ? await hashPassword(b.password) : await hashInitialPassword(initialStudentPassword({ phone: b.phone!, loginId: b.loginId }));
    let id = 0;
    try {
      await db.transaction(async (tx) => {
        await ensureLoginIdFree(tx, b.loginId);
        await assertTagsExist(tx, b.tagIds ?? []);
        const [u] = await tx
          .insert(users)
          .values({ loginId: b.loginId, passwordHash, userType: 'STUDENT', name: b.name, phone: b.phone ?? null, isActive: b.isActive ?? true, createdBy: input.actorId, createdAt: ctx.now(), updatedAt: ctx.now() })
          .returning({ id: users.id });
        id = u!.id;
        await tx.insert(studentProfiles).values({
          userId: id,
          parentPhone: b.parentPhone ?? null,
          school: b.school ?? null,
          grade: b.grade ?? null,
          gender: b.gender ?? null,
          birthDate: b.birthDate ?? null,
          memo: b.memo ?? '',
          profileImageFileId: b.profileImageFileId ?? null,
          ...searchColumns({ name: b.name, loginId: b.loginId, phone: b.phone ?? null, parentPhone: b.parentPhone ?? null }),
          createdAt: ctx.now(),
          updatedAt: ctx.now(),
        });
        if (b.tagIds?.length) await tx.insert(userTags).values([...new Set(b.tagIds)].map((tagId) => ({ userId: id, tagId })));
        const { password: _pw, ...after } = b;
        await recordAudit(tx, { actorId: input.actorId, action: 'student.create', entity: 'student', entityId: id, after });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('students.login_id_taken', `loginId: 이미 사용 중인 아이디입니다: ${b.loginId}`);
      throw e;
    }
    return get(id);
  }

  async function update(input: { id: number; body: UpdateStudentBody; actorId: number }): Promise<Student> {
    const b = input.body;
    const before = await get(input.id);
    try {
      await db.transaction(async (tx) => {
        if (b.loginId && b.loginId !== before.loginId) await ensureLoginIdFree(tx, b.loginId, input.id);
        if (b.tagIds) await assertTagsExist(tx, b.tagIds);
        const next = {
          name: b.name ?? before.name,
          loginId: b.loginId ?? before.loginId,
          phone: b.phone === undefined ? before.phone : b.phone,
          parentPhone: b.parentPhone === undefined ? before.parentPhone : b.parentPhone,
        };
        await tx
          .update(users)
          .set({ name: next.name, loginId: next.loginId, phone: next.phone, ...(b.isActive === undefined ? {} : { isActive: b.isActive }), updatedAt: ctx.now() })
          .where(eq(users.id, input.id));
        const profile = {
          parentPhone: next.parentPhone,
          ...(b.school === undefined ? {} : { school: b.school }),
          ...(b.grade === undefined ? {} : { grade: b.grade }),
          ...(b.gender === undefined ? {} : { gender: b.gender }),
          ...(b.birthDate === undefined ? {} : { birthDate: b.birthDate }),
          ...(b.memo === undefined ? {} : { memo: b.memo }),
          ...(b.profileImageFileId === undefined ? {} : { profileImageFileId: b.profileImageFileId }),
          ...searchColumns(next),
          updatedAt: ctx.now(),
        };
        await tx
          .insert(studentProfiles)
          .values({ userId: input.id, ...profile })
          .onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
        if (b.tagIds) {
          await tx.delete(userTags).where(eq(userTags.userId, input.id));
          if (b.tagIds.length) await tx.insert(userTags).values([...new Set(b.tagIds)].map((tagId) => ({ userId: input.id, tagId })));
        }
        await recordAudit(tx, { actorId: input.actorId, action: 'student.update', entity: 'student', entityId: input.id, before, after: b });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict('students.login_id_taken', `loginId: 이미 사용 중인 아이디입니다: ${b.loginId}`);
      throw e;
    }
    return get(input.id);
  }

  async function batchUpdate(input: { ids: number[]; update: { school?: string | null; grade?: Student['grade']; isActive?: boolean }; actorId: number }): Promise<{ updatedCount: number }> {
    const { update: u } = input;
    const ids = [...new Set(input.ids)];
    await db.transaction(async (tx) => {
      const before = await assertStudents(tx, { ids });
      if (u.isActive !== undefined) await tx.update(users).set({ isActive: u.isActive, updatedAt: ctx.now() }).where(inArray(users.id, ids));
      const profile = {
        ...(u.school === undefined ? {} : { school: u.school }),
        ...(u.grade === undefined ? {} : { grade: u.grade }),
      };
      if (Object.keys(profile).length) {
        await ensureProfiles(tx, ids);
        await tx.update(studentProfiles).set({ ...profile, updatedAt: ctx.now() }).where(inArray(studentProfiles.userId, ids));
      }
      await recordAudit(tx, ids.map((id) => ({ actorId: input.actorId, action: 'student.batch_update', entity: 'student', entityId: id, before: { isActive: before.get(id)?.isActive }, after: u })));
    });
    return { updatedCount: ids.length };
  }

  /** Students seeded or created before this area existed may lack a profile row. */
  async function ensureProfiles(tx: Tx, ids: number[]): Promise<void> {
    const rows = await tx.select({ id: users.id, name: users.name, loginId: users.loginId, phone: users.phone }).from(users).where(inArray(users.id, ids));
    if (rows.length === 0) return;
    await tx
      .insert(studentProfiles)
      .values(rows.map((r) => ({ userId: r.id, ...searchColumns({ ...r, parentPhone: null }) })))
      .onConflictDoNothing();
  }

  async function toggleStatus(input: { ids: number[]; isActive?: boolean; actorId: number }): Promise<{ updatedCount: number; students: { id: number; isActive: boolean }[] }> {
    const ids = [...new Set(input.ids)];
    const result: { id: number; isActive: boolean }[] = [];
    await db.transaction(async (tx) => {
      const before = await assertStudents(tx, { ids });
      for (const id of ids) result.push({ id, isActive: input.isActive ?? !before.get(id)!.isActive });
      const on = result.filter((r) => r.isActive).map((r) => r.id);
      const off = result.filter((r) => !r.isActive).map((r) => r.id);
      if (on.length) await tx.update(users).set({ isActive: true, updatedAt: ctx.now() }).where(inArray(users.id, on));
      if (off.length) await tx.update(users).set({ isActive: false, updatedAt: ctx.now() }).where(inArray(users.id, off));
      await recordAudit(tx, result.map((r) => ({ actorId: input.actorId, action: 'student.toggle_status', entity: 'student', entityId: r.id, before: { isActive: before.get(r.id)!.isActive }, after: { isActive: r.isActive } })));
    });
    return { updatedCount: ids.length, students: result };
  }

  async function softDelete(input: { ids: number[]; actorId: number }): Promise<{ deletedCount: number }> {
    const ids = [...new Set(input.ids)];
    await db.transaction(async (tx) => {
      await assertStudents(tx, { ids });
      await tx.update(users).set({ deletedAt: ctx.now(), updatedAt: ctx.now() }).where(inArray(users.id, ids));
      await recordAudit(tx, ids.map((id) => ({ actorId: input.actorId, action: 'student.delete', entity: 'student', entityId: id })));
    });
    return { deletedCount: ids.length };
  }

  async function restore(input: { ids: number[]; actorId: number }): Promise<{ restoredCount: number }> {
    const ids = [...new Set(input.ids)];
    await db.transaction(async (tx) => {
      await assertStudents(tx, { ids, deleted: true });
      await tx.update(users).set({ deletedAt: null, updatedAt: ctx.now() }).where(inArray(users.id, ids));
      await recordAudit(tx, ids.map((id) => ({ actorId: input.actorId, action: 'student.restore', entity: 'student', entityId: id })));
    });
    return { restoredCount: ids.length };
  }

  async function batchChangePassword(input: { ids: number[]; password?: string; actorId: number }): Promise<{ updatedCount: number }> {
    const ids = [...new Set(input.ids)];
    const found = await assertStudents(db, { ids });
    const passwords = ids.map((id) => {
      if (input.password) return input.password;
      const u = found.get(id)!;
      if (!u.phone) return null;
      return initialStudentPassword({ phone: u.phone, loginId: u.loginId });
    });
    const noPhone = ids.filter((_, i) => passwords[i] === null).map((id) => found.get(id)!.name);
    if (noPhone.length) {
      throw badRequest('students.phone_missing', `password: 전화번호가 없는 학생은 초기 비밀번호를 만들 수 없습니다. 비밀번호를 직접 입력해 주세요: ${noPhone.slice(0, 10).join(', ')}`);
    }
    const hashes = input.password
      ? await hashMany(ids.map(() => ({ password: input.password!, initial: false })))
      : await hashMany(passwords.map((p) => ({ password: p!, initial: true })));
    await db.transaction(async (tx) => {
      await assertStudents(tx, { ids });
      await tx.execute(sql`
        update users set password_hash = v.hash, updated_at = ${ctx.now()}
          from unnest(${sql.param(ids)}::int[], ${sql.param(hashes)}::text[]) as v(id, hash)
         where users.id = v.id`);
      // Sessions opened with the old password must not survive a reset.
      await tx.execute(sql`update refresh_tokens set revoked_at = ${ctx.now()} where user_id = any(${sql.param(ids)}::int[]) and revoked_at is null`);
      await recordAudit(tx, ids.map((id) => ({ actorId: input.actorId, action: 'student.change_password', entity: 'student', entityId: id, after: { initial: !input.password } })));
    });
    return { updatedCount: ids.length };
  }

  async function setRepresentativeLectures(input: { id: number; lectureIds: number[]; actorId: number }): Promise<Student> {
    const before = await get(input.id);
    const lectureIds = [...new Set(input.lectureIds)];
    if (lectureIds.length) {
      const found = await legacyQuery<{ id: number }>(db, 'select id from lectures where id = any($1::int[])', [lectureIds]);
      const known = new Set(found.map((r) => r.id));
      const missing = lectureIds.filter((id) => !known.has(id));
      if (missing.length) throw badRequest('lectures.unknown', `lectureIds: 존재하지 않는 강좌입니다: ${missing.join(', ')}`);
    }
    await db.transaction(async (tx) => {
      const profile = { representativeLectureIds: lectureIds, updatedAt: ctx.now() };
      await tx.insert(studentProfiles).values({ userId: input.id, ...profile, ...searchColumns(before) }).onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
      await recordAudit(tx, { actorId: input.actorId, action: 'student.representative_lectures', entity: 'student', entityId: input.id, before: { lectureIds: before.representativeLectureIds }, after: { lectureIds } });
    });
    return get(input.id);
  }

  return { list, listAll, get, create, update, batchUpdate, toggleStatus, softDelete, restore, batchChangePassword, setRepresentativeLectures, assertStudents };
}
export type StudentsService = ReturnType<typeof createStudentsService>;
