import type { AppContext } from '../../context.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { UsersModule } from '../users/index.ts';

/**
 * What the files module needs from outside: the kernel (database, storage, audit, SMS outbox), the
 * users module (names, "these ids are students"), the lectures module (who takes part in a
 * session, which sessions exist) and the students module (parents' phones for parent links).
 */
export type FilesDeps = {
  ctx: AppContext;
  users: Pick<UsersModule, 'directory' | 'requireStudents'>;
  lectures: Pick<LecturesModule, 'participation' | 'sessions'>;
  /** Names and phones of live students by id; ids that are not live students are left out. */
  students: {
    contactsOf(ids: readonly number[]): Promise<Map<number, { name: string; phone: string | null; parentPhone: string | null }>>;
    /** Profile photos: which file is whose (the students module keeps the id on the profile). */
    photos: {
      ofStudents(userIds: readonly number[]): Promise<Map<number, number>>;
      set(opts: { studentId: number; fileId: number | null; actorId: number }): Promise<number | null>;
    };
  };
};
