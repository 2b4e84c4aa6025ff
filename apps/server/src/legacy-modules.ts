import type { AppContext } from './context.ts';
import type { ModuleHooks } from './module.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { studentRecordRoutes } from './modules/student-records/student-records.routes.ts';
import { studentRoutes } from './modules/students/students.routes.ts';
import { seedDemoStudents } from './modules/students/students.seed.ts';
import { tagRoutes } from './modules/tags/tags.routes.ts';

/** Areas not yet moved to the module kit, registered as before. Shrinks to nothing. */
export function legacyModules(ctx: AppContext): Record<string, ModuleHooks> {
  return {
    auth: { register: (app) => authRoutes(app, ctx) },
    students: { register: (app) => studentRoutes(app, ctx), seed: { demo: () => seedDemoStudents(ctx) } },
    studentRecords: { register: (app) => studentRecordRoutes(app, ctx) },
    tags: { register: (app) => tagRoutes(app, ctx) },
  };
}
