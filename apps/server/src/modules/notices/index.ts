import type { AppContext } from '../../context.ts';
import type { ModuleHooks } from '../../module.ts';
import { noticeRoutes } from './notices.routes.ts';
import { seedDemoNotices } from './notices.seed.ts';
import { createNoticeService } from './notices.service.ts';

export type NoticesModule = ReturnType<typeof createNoticesModule>;

/** The staff notice (the TA's first screen) and the clinic notice (shown to students booking a clinic). */
export function createNoticesModule(deps: { ctx: AppContext }) {
  const notices = createNoticeService(deps);
  return {
    /** The clinic notice, for the clinic area's booking screen. */
    clinicNotice: () => notices.read('clinic'),
    register(app) {
      noticeRoutes(app, notices);
    },
    seed: { demo: (seed) => seedDemoNotices(deps.ctx, seed) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
