import type { AppContext } from './context.ts';
import type { ModuleHooks } from './module.ts';
import { createExamsModule } from './modules/exams/index.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createLecturesModule } from './modules/lectures/index.ts';
import { createNoticesModule } from './modules/notices/index.ts';
import { createPushAlertTemplatesModule } from './modules/push-alert-templates/index.ts';
import { createStudentsModule } from './modules/students/index.ts';
import { createSystemModule } from './modules/system/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { legacyModules } from './legacy-modules.ts';

/**
 * The composition root: every module is created here, once, in dependency order, and handed the
 * public faces of the modules it uses. Nothing else creates services. A new area adds one line.
 */
export function createModules(ctx: AppContext) {
  const system = createSystemModule({ ctx });
  const users = createUsersModule({ ctx });
  const notices = createNoticesModule({ ctx });
  const pushAlertTemplates = createPushAlertTemplatesModule({ ctx });
  const lectures = createLecturesModule({ ctx, users });
  // Only `contactsOf` so far; the area's routes and seed are still in legacy-modules.ts (key `students`).
  const studentContacts = createStudentsModule({ ctx });
  const files = createFilesModule({ ctx, users, lectures, students: studentContacts });
  const exams = createExamsModule({ ctx, users, lectures, students: studentContacts });
  return { system, users, notices, pushAlertTemplates, lectures, ...legacyModules(ctx), files, exams, studentContacts };
}

export type Modules = ReturnType<typeof createModules>;

/** The modules in composition order, as the app registers, seeds and schedules them. */
export function moduleList(modules: Modules): ModuleHooks[] {
  return Object.values(modules) as ModuleHooks[];
}
