import type { AppContext } from '../../context.ts';
import type { ExamsModule } from '../exams/index.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { NoticesModule } from '../notices/index.ts';
import type { StudentRecordsModule } from '../student-records/index.ts';
import type { StudentsModule } from '../students/index.ts';
import type { UsersModule } from '../users/index.ts';

/**
 * What the clinic module needs from outside: the kernel, accounts (names, students, TAs), student
 * contacts (the hurry SMS), scores (clinic status and the retake), the clinic notice, the hurry
 * text (the SMS area's 「클리닉 재촉」 setting) and the consult record (the note after a counsel session).
 */
export type ClinicDeps = {
  ctx: AppContext;
  users: UsersModule;
  /** Lecture names, and who is enrolled (a slot tied to a lecture is for its students). */
  lectures: Pick<LecturesModule, 'lectures' | 'participation'>;
  students: Pick<StudentsModule, 'contactsOf'>;
  exams: Pick<ExamsModule, 'clinic'>;
  notices: Pick<NoticesModule, 'clinicNotice'>;
  /**
   * The words of the hurry (재촉) text, from the SMS area's 「클리닉 재촉」 setting; null while the
   * center has it switched off.
   */
  hurryText: (values: { 이름: string; 날짜: string; 시간: string; 장소: string }) => Promise<string | null>;
  records: Pick<StudentRecordsModule, 'consults'>;
};
