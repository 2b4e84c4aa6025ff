import type { AppContext } from './context.ts';
import type { ModuleHooks } from './module.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { seedDemoFiles } from './modules/files/files.seed.ts';
import { noticeRoutes } from './modules/notices/notices.routes.ts';
import { seedDemoNotices } from './modules/notices/notices.seed.ts';
import { pushAlertTemplateRoutes } from './modules/push-alert-templates/push-alert-templates.resource.ts';
import { seedPushAlertTemplates } from './modules/push-alert-templates/push-alert-templates.seed.ts';
import { systemRoutes } from './modules/system/system.routes.ts';

/** Areas not yet moved to the module kit, registered as before. Shrinks to nothing. */
export function legacyModules(ctx: AppContext): Record<string, ModuleHooks> {
  return {
    system: { register: (app) => systemRoutes(app, ctx) },
    notices: { register: (app) => noticeRoutes(app, ctx), seed: { demo: (seed) => seedDemoNotices(ctx, seed) } },
    pushAlertTemplates: { register: (app) => pushAlertTemplateRoutes(app, ctx), seed: { demo: () => seedPushAlertTemplates(ctx.db) } },
    files: { register: (app) => filesRoutes(app, ctx), seed: { demo: () => seedDemoFiles(ctx) } },
  };
}
