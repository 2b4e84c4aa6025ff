import { initialStudentPassword, STUDENT_ERRORS, type CreateStudentBody, type Student, type UpdateStudentBody } from '@academy/contracts/students';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { appError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { QueryService } from './query.service.ts';
import type { StudentsDeps } from './students.deps.ts';
import { hashInitialPassword } from './students.passwords.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

const loginIdTaken = (loginId: string | undefined) => appError(STUDENT_ERRORS.login_id_taken, `이미 사용 중인 아이디입니다: ${loginId}`, { field: 'loginId' });

/** One student at a time: register, edit the profile (and tags), choose representative lectures. */
export function createProfileService(deps: StudentsDeps & { query: QueryService }) {
  const { ctx, users, tags, lectures, query } = deps;
  const { db, audit } = ctx;

  async function ensureLoginIdFree(loginId: string, exceptId?: number): Promise<void> {
    const owner = await users.loginIdOwner(loginId);
    if (owner !== null && owner !== exceptId) throw loginIdTaken(loginId);
  }

  /** Two registrations racing past the check meet the unique index: answered like the check. */
  async function guardLoginId<T>(loginId: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw loginIdTaken(loginId);
      throw e;
    }
  }

  return {
    async create(input: { body: CreateStudentBody; actorId: number }): Promise<Student> {
      const b = input.body;
      if (!b.password && !b.phone) {
        throw appError(STUDENT_ERRORS.password_required, '비밀번호를 비우려면 학생 전화번호가 필요합니다 (초기 비밀번호 = 전화번호 끝 4자리 + 아이디)', { field: 'password' });
      }
      const passwordHash = b.password ? await hashPassword(b.password) : await hashInitialPassword(initialStudentPassword({ phone: b.phone!, loginId: b.loginId }));
      const id = await guardLoginId(b.loginId, () =>
        db.transaction(async () => {
          await ensureLoginIdFree(b.loginId);
          await tags.requireIds({ tagIds: b.tagIds ?? [] });
          const [account] = await users.createAccounts([
            { loginId: b.loginId, passwordHash, passwordInitial: !b.password, userType: 'STUDENT', name: b.name, phone: b.phone ?? null, isActive: b.isActive ?? true, createdBy: input.actorId },
          ]);
          const userId = account!.id;
          await db.insert(studentProfiles).values({
            userId,
            parentPhone: b.parentPhone ?? null,
            school: b.school ?? null,
            grade: b.grade ?? null,
            gender: b.gender ?? null,
            birthDate: b.birthDate ?? null,
            memo: b.memo ?? '',
            ...searchColumns({ name: b.name, loginId: b.loginId, phone: b.phone ?? null, parentPhone: b.parentPhone ?? null }),
            createdAt: ctx.now(),
            updatedAt: ctx.now(),
          });
          if (b.tagIds?.length) await tags.setTagsOf({ userId, tagIds: b.tagIds });
          const { password: _pw, ...after } = b;
          await audit.record({ actorId: input.actorId, action: 'student.create', entity: 'student', entityId: userId, after });
          return userId;
        }),
      );
      return query.get(id);
    },

    async update(input: { id: number; body: UpdateStudentBody; actorId: number }): Promise<Student> {
      const b = input.body;
      const before = await query.get(input.id);
      await guardLoginId(b.loginId, () =>
        db.transaction(async () => {
          if (b.loginId && b.loginId !== before.loginId) await ensureLoginIdFree(b.loginId, input.id);
          if (b.tagIds) await tags.requireIds({ tagIds: b.tagIds });
          const next = {
            name: b.name ?? before.name,
            loginId: b.loginId ?? before.loginId,
            phone: b.phone === undefined ? before.phone : b.phone,
            parentPhone: b.parentPhone === undefined ? before.parentPhone : b.parentPhone,
          };
          await users.updateAccount({ id: input.id, changedBy: input.actorId, name: next.name, loginId: next.loginId, phone: next.phone, isActive: b.isActive });
          const profile = {
            parentPhone: next.parentPhone,
            ...(b.school === undefined ? {} : { school: b.school }),
            ...(b.grade === undefined ? {} : { grade: b.grade }),
            ...(b.gender === undefined ? {} : { gender: b.gender }),
            ...(b.birthDate === undefined ? {} : { birthDate: b.birthDate }),
            ...(b.memo === undefined ? {} : { memo: b.memo }),
            ...searchColumns(next),
            updatedAt: ctx.now(),
          };
          await db.insert(studentProfiles).values({ userId: input.id, ...profile }).onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
          if (b.tagIds) await tags.setTagsOf({ userId: input.id, tagIds: b.tagIds });
          await audit.record({ actorId: input.actorId, action: 'student.update', entity: 'student', entityId: input.id, before, after: b });
        }),
      );
      return query.get(input.id);
    },

    /** 대표 강좌: the first one is shown beside the name in the grid. */
    async setRepresentativeLectures(input: { id: number; lectureIds: number[]; actorId: number }): Promise<Student> {
      const before = await query.get(input.id);
      const lectureIds = [...new Set(input.lectureIds)];
      await lectures.lectures.requireIds({ ids: lectureIds, field: 'lectureIds' });
      await db.transaction(async () => {
        const profile = { representativeLectureIds: lectureIds, updatedAt: ctx.now() };
        await db.insert(studentProfiles).values({ userId: input.id, ...profile, ...searchColumns(before) }).onConflictDoUpdate({ target: studentProfiles.userId, set: profile });
        await audit.record({ actorId: input.actorId, action: 'student.representative_lectures', entity: 'student', entityId: input.id, before: { lectureIds: before.representativeLectureIds }, after: { lectureIds } });
      });
      return query.get(input.id);
    },
  };
}
