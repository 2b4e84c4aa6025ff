import type { AppContext } from '../context.ts';

/**
 * The address links in texts point to: PUBLIC_URL (in development, the listen address). Never the
 * request's Host or X-Forwarded-Host, which anyone can forge (issue 16: reset-link poisoning).
 */
export function publicOrigin(ctx: Pick<AppContext, 'config'>): string {
  return ctx.config.publicUrl.replace(/\/+$/, '');
}
