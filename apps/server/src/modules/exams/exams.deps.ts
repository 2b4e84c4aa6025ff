import type { AppContext } from '../../context.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { UsersModule } from '../users/index.ts';

/** The contacts the score links need (the parent's phone), from the students module's public face. */
export type StudentContacts = { contactsOf: (ids: readonly number[]) => Promise<Map<number, { name: string; phone: string | null; parentPhone: string | null }>> };

/** What the exams module needs from outside: the kernel and three modules' public faces. */
export type ExamsDeps = { ctx: AppContext; users: UsersModule; lectures: LecturesModule; students: StudentContacts };
