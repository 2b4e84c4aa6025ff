import type { AppContext } from '../../context.ts';
import type { ExamsModule } from '../exams/index.ts';
import type { NoticesModule } from '../notices/index.ts';
import type { PushAlertTemplatesModule } from '../push-alert-templates/index.ts';
import type { StudentRecordsModule } from '../student-records/index.ts';
import type { StudentsModule } from '../students/index.ts';
import type { UsersModule } from '../users/index.ts';

/**
 * What the clinic module needs from outside: the kernel, accounts (names, students, TAs), student
 * contacts (the hurry SMS), scores (clinic status and the retake), the clinic notice, the message
 * templates (「클리닉 재촉」) and the consult record (the note after a counsel session).
 */
export type ClinicDeps = {
  ctx: AppContext;
  users: UsersModule;
  students: Pick<StudentsModule, 'contactsOf'>;
  exams: Pick<ExamsModule, 'clinic'>;
  notices: Pick<NoticesModule, 'clinicNotice'>;
  templates: Pick<PushAlertTemplatesModule, 'activeBody'>;
  records: Pick<StudentRecordsModule, 'consults'>;
};
