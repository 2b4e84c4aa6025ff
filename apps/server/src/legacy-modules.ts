import type { AppContext } from './context.ts';
import type { ModuleHooks } from './module.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { noticeRoutes } from './modules/notices/notices.routes.ts';
import { seedDemoNotices } from './modules/notices/notices.seed.ts';
import { pushAlertTemplateRoutes } from './modules/push-alert-templates/push-alert-templates.resource.ts';
import { seedPushAlertTemplates } from './modules/push-alert-templates/push-alert-templates.seed.ts';
import { studentRecordRoutes } from './modules/student-records/student-records.routes.ts';
import { studentRoutes } from './modules/students/students.routes.ts';
import { seedDemoStudents } from './modules/students/students.seed.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { tagRoutes } from './modules/tags/tags.routes.ts';

/** Areas not yet moved to the module kit, registered as before. Shrinks to nothing. */
export function legacyModules(ctx: AppContext): Record<string, ModuleHooks> {
  return {
    system: { register: (app) => systemRoutes(app, ctx) },
    auth: { register: (app) => authRoutes(app, ctx) },
    notices: { register: (app) => noticeRoutes(app, ctx), seed: { demo: (seed) => seedDemoNotices(ctx, seed) } },
    students: { register: (app) => studentRoutes(app, ctx), seed: { demo: () => seedDemoStudents(ctx) } },
    studentRecords: { register: (app) => studentRecordRoutes(app, ctx) },
    tags: { register: (app) => tagRoutes(app, ctx) },
    pushAlertTemplates: { register: (app) => pushAlertTemplateRoutes(app, ctx), seed: { demo: () => seedPushAlertTemplates(ctx.db) } },
  };
}
