import type { ModuleHooks } from '../../module.ts';
import type { AuthDeps } from './auth.deps.ts';
import { authRoutes } from './auth.routes.ts';
import { createPasswordService } from './passwords.service.ts';
import { createSessionService } from './sessions.service.ts';
import { createThrottle } from './throttle.service.ts';

export type AuthModule = ReturnType<typeof createAuthModule>;

/**
 * Sign-in and sessions (refresh tokens, sign-in throttling) and passwords (reset by SMS link, TA
 * password changes). Owns refresh_tokens and password_resets (the throttle's counters are the kernel's attempt limits); accounts themselves
 * belong to the users module. Other modules use:
 *
 * - `revokeSessions(userIds)` — end every session of these users (after a password reset by staff).
 */
export function createAuthModule(deps: AuthDeps) {
  const throttle = createThrottle({ limits: deps.ctx.limits });
  const sessions = createSessionService({ ...deps, throttle });
  const passwords = createPasswordService({ ...deps, revokeSessions: sessions.revokeSessions, throttle });
  return {
    revokeSessions: sessions.revokeSessions,
    register(app) {
      authRoutes(app, { ctx: deps.ctx, sessions, passwords });
    },
    // Every six hours: expired sessions.
    schedules: [{ name: 'auth.prune', cron: '17 */6 * * *', run: sessions.prune }],
  } satisfies ModuleHooks & Record<string, unknown>;
}
