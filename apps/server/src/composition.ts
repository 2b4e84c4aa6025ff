import type { AppContext } from './context.ts';
import type { ModuleHooks } from './module.ts';
import { createFilesModule } from './modules/files/index.ts';
import { createLecturesModule } from './modules/lectures/index.ts';
import { createStudentsModule } from './modules/students/index.ts';
import { createUsersModule } from './modules/users/index.ts';
import { legacyModules } from './legacy-modules.ts';

/**
 * The composition root: every module is created here, once, in dependency order, and handed the
 * public faces of the modules it uses. Nothing else creates services. A new area adds one line.
 */
export function createModules(ctx: AppContext) {
  const users = createUsersModule({ ctx });
  const lectures = createLecturesModule({ ctx, users });
  // Only `contactsOf` so far; the area's routes and seed are still in legacy-modules.ts (key `students`).
  const students = createStudentsModule({ ctx });
  const files = createFilesModule({ ctx, users, lectures, students });
  return { users, lectures, files, ...legacyModules(ctx) };
}

export type Modules = ReturnType<typeof createModules>;

/** The modules in composition order, as the app registers, seeds and schedules them. */
export function moduleList(modules: Modules): ModuleHooks[] {
  return Object.values(modules) as ModuleHooks[];
}
