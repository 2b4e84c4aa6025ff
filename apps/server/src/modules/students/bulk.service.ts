import { initialStudentPassword, STUDENT_ERRORS, type Student, type StudentSelection } from '@academy/contracts/students';
import { inArray } from 'drizzle-orm';
import { appError } from '../../lib/errors.ts';
import { userAccounts } from '../users/index.ts';
import type { QueryService } from './query.service.ts';
import type { StudentsDeps } from './students.deps.ts';
import { hashMany } from './students.passwords.ts';
import { searchColumns } from './students.search.ts';
import { studentProfiles } from './students.table.ts';

/**
 * Actions on many students at once from the grid: school/grade/state, active toggle, soft delete
 * and restore, password reset, tags. Each takes a selection (ids, or a filter with exclusions),
 * resolved inside the action's transaction. Every student must qualify or nothing changes; each
 * student gets its own audit entry.
 */
export function createBulkService(deps: StudentsDeps & { query: QueryService }) {
  const { ctx, users, auth, query, tags } = deps;
  const { db, audit } = ctx;

  /** Students seeded or created before this area existed may lack a profile row. */
  async function ensureProfiles(ids: number[]): Promise<void> {
    const rows = await db.select({ id: userAccounts.id, name: userAccounts.name, loginId: userAccounts.loginId, phone: userAccounts.phone }).from(userAccounts).where(inArray(userAccounts.id, ids));
    if (rows.length === 0) return;
    await db
      .insert(studentProfiles)
      .values(rows.map((r) => ({ userId: r.id, ...searchColumns({ ...r, parentPhone: null }) })))
      .onConflictDoNothing();
  }

  return {
    async batchUpdate(input: StudentSelection & { update: { school?: string | null; grade?: Student['grade']; isActive?: boolean }; actorId: number }): Promise<{ updatedCount: number }> {
      const { update: u } = input;
      return db.transaction(async () => {
        const ids = await query.resolveSelection(input);
        const before = await query.requireStudents({ ids });
        if (u.isActive !== undefined) await users.setActive({ ids, isActive: u.isActive });
        const profile = {
          ...(u.school === undefined ? {} : { school: u.school }),
          ...(u.grade === undefined ? {} : { grade: u.grade }),
        };
        if (Object.keys(profile).length) {
          await ensureProfiles(ids);
          await db.update(studentProfiles).set({ ...profile, updatedAt: ctx.now() }).where(inArray(studentProfiles.userId, ids));
        }
        await audit.record(ids.map((id) => ({ actorId: input.actorId, action: 'student.batch_update', entity: 'student', entityId: id, before: { isActive: before.get(id)?.isActive }, after: u })));
        return { updatedCount: ids.length };
      });
    },

    /** Sets every student to `isActive`, or flips each when it is not given. */
    async toggleStatus(input: StudentSelection & { isActive?: boolean; actorId: number }): Promise<{ updatedCount: number; students: { id: number; isActive: boolean }[] }> {
      return db.transaction(async () => {
        const ids = await query.resolveSelection(input);
        const result: { id: number; isActive: boolean }[] = [];
        const before = await query.requireStudents({ ids });
        for (const id of ids) result.push({ id, isActive: input.isActive ?? !before.get(id)!.isActive });
        await users.setActive({ ids: result.filter((r) => r.isActive).map((r) => r.id), isActive: true });
        await users.setActive({ ids: result.filter((r) => !r.isActive).map((r) => r.id), isActive: false });
        await audit.record(result.map((r) => ({ actorId: input.actorId, action: 'student.toggle_status', entity: 'student', entityId: r.id, before: { isActive: before.get(r.id)!.isActive }, after: { isActive: r.isActive } })));
        return { updatedCount: ids.length, students: result };
      });
    },

    /** Hides students (records kept, sign-in refused); an admin can restore them. */
    async softDelete(input: StudentSelection & { actorId: number }): Promise<{ deletedCount: number }> {
      return db.transaction(async () => {
        const ids = await query.resolveSelection(input);
        await query.requireStudents({ ids });
        await users.softDelete(ids);
        await audit.record(ids.map((id) => ({ actorId: input.actorId, action: 'student.delete', entity: 'student', entityId: id })));
        return { deletedCount: ids.length };
      });
    },

    /** A filter selection here looks among deleted students whatever its status says. */
    async restore(input: StudentSelection & { actorId: number }): Promise<{ restoredCount: number }> {
      return db.transaction(async () => {
        const ids = await query.resolveSelection(input.filter ? { ...input, filter: { ...input.filter, status: 'deleted' } } : input);
        await query.requireStudents({ ids, deleted: true });
        await users.restore(ids);
        await audit.record(ids.map((id) => ({ actorId: input.actorId, action: 'student.restore', entity: 'student', entityId: id })));
        return { restoredCount: ids.length };
      });
    },

    /** Tags (or untags) the selected students; the tags module checks the tags and audits each pair. */
    async addTags(input: StudentSelection & { tagIds: number[]; actorId: number }): Promise<{ addedCount: number }> {
      return db.transaction(async () => {
        const ids = await query.resolveSelection(input);
        await query.requireStudents({ ids });
        return tags.addToUsers({ tagIds: input.tagIds, userIds: ids, actorId: input.actorId });
      });
    },

    async removeTags(input: StudentSelection & { tagIds: number[]; actorId: number }): Promise<{ removedCount: number }> {
      return db.transaction(async () => {
        const ids = await query.resolveSelection(input);
        await query.requireStudents({ ids });
        return tags.removeFromUsers({ tagIds: input.tagIds, userIds: ids, actorId: input.actorId });
      });
    },

    /** Sets the given password, or each student's initial one (phone's last four digits + login id); ends their sessions. */
    async batchChangePassword(input: StudentSelection & { password?: string; actorId: number }): Promise<{ updatedCount: number }> {
      // Hashing is slow, so the selection is resolved first and the ids are checked again in the write.
      const ids = await query.resolveSelection(input);
      const found = await query.requireStudents({ ids });
      const passwords = ids.map((id) => {
        if (input.password) return input.password;
        const u = found.get(id)!;
        return u.phone ? initialStudentPassword({ phone: u.phone, loginId: u.loginId }) : null;
      });
      const noPhone = ids.filter((_, i) => passwords[i] === null).map((id) => found.get(id)!.name);
      if (noPhone.length) {
        throw appError(STUDENT_ERRORS.phone_missing, `전화번호가 없는 학생은 초기 비밀번호를 만들 수 없습니다. 비밀번호를 직접 입력해 주세요: ${noPhone.slice(0, 10).join(', ')}`, { field: 'password' });
      }
      const hashes = await hashMany(passwords.map((p) => ({ password: p!, initial: !input.password })));
      await db.transaction(async () => {
        await query.requireStudents({ ids });
        await users.setPasswordHashes(ids.map((id, i) => ({ id, hash: hashes[i]!, initial: !input.password })));
        // Sessions opened with the old password must not survive a reset.
        await auth.revokeSessions(ids);
        await audit.record(ids.map((id) => ({ actorId: input.actorId, action: 'student.change_password', entity: 'student', entityId: id, after: { initial: !input.password } })));
      });
      return { updatedCount: ids.length };
    },
  };
}
