import type { AppContext } from '../../context.ts';
import type { ModuleHooks } from '../../module.ts';
import { systemRoutes } from './system.routes.ts';
import { createSystemService } from './system.service.ts';

export type SystemModule = ReturnType<typeof createSystemModule>;

/** Health, the version file the web app polls, and the client error log. */
export function createSystemModule(deps: { ctx: AppContext }) {
  const system = createSystemService(deps);
  return {
    register(app) {
      systemRoutes(app, system);
    },
  } satisfies ModuleHooks & Record<string, unknown>;
}
