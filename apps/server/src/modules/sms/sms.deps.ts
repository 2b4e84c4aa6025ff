import type { AppContext } from '../../context.ts';
import type { ExamsModule } from '../exams/index.ts';
import type { LecturesModule } from '../lectures/index.ts';
import type { ParentWeekModule } from '../parent-week/index.ts';
import type { PushAlertTemplatesModule } from '../push-alert-templates/index.ts';
import type { StudentsModule } from '../students/index.ts';
import type { UsersModule } from '../users/index.ts';

/** What the SMS area needs: the kernel (its outbox above all) and the faces it reads recipients and variables from. */
export type SmsDeps = {
  ctx: AppContext;
  users: UsersModule;
  students: Pick<StudentsModule, 'contactsOf' | 'list'>;
  lectures: Pick<LecturesModule, 'participation' | 'lectures' | 'attendance' | 'sessions'>;
  exams: Pick<ExamsModule, 'exams' | 'results' | 'scoreLinks'>;
  templates: PushAlertTemplatesModule['templates'];
  parentWeek: Pick<ParentWeekModule, 'weekLinks'>;
};
