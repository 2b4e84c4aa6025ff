import type { ModuleHooks } from '../../module.ts';
import type { DashboardDeps } from './dashboard.deps.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

export type DashboardModule = ReturnType<typeof createDashboardModule>;

/**
 * The 원장's dashboard (issue 41). Owns no tables: each figure is counted by the area that owns
 * its rows, through that area's public face (`lectures.statistics`), so a figure and the list it
 * links to read the same rows. See docs/dashboard.md.
 */
export function createDashboardModule(deps: DashboardDeps) {
  return {
    register(app) {
      dashboardRoutes(app, deps);
    },
  } satisfies ModuleHooks & Record<string, unknown>;
}
