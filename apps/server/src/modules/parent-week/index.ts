import type { ModuleHooks } from '../../module.ts';
import type { ParentWeekDeps } from './parent-week.deps.ts';
import { parentWeekRoutes } from './parent-week.routes.ts';
import { createWeekLinkService } from './week-links.service.ts';
import { createWeekService } from './week.service.ts';

export type ParentWeekModule = ReturnType<typeof createParentWeekModule>;
export type { BookedClinicSlot, BookedClinicSlots } from './parent-week.deps.ts';

/**
 * The parent's week (/link/week/<token>): one link per parent that opens their child's week —
 * attendance, released scores with the class average, clinic, announcements, shared files — and
 * nothing else. It owns no table: the token is the kernel's public link (purpose `week`), the data
 * comes from the lectures, exams, files and students faces, and the booked clinic slots from the
 * clinic area through `bookedClinicSlots` (see parent-week.deps.ts). Other modules use:
 *
 * - `weekLinks.make` — a link for one student (the SMS area's #{링크}).
 */
export function createParentWeekModule(deps: ParentWeekDeps) {
  const week = createWeekService(deps);
  const links = createWeekLinkService(deps);
  return {
    weekLinks: { make: links.make },
    register(app) {
      parentWeekRoutes(app, { ctx: deps.ctx, week, links });
    },
  } satisfies ModuleHooks & Record<string, unknown>;
}
