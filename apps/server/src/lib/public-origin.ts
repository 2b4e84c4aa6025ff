import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';

/** The address links in texts should point to: PUBLIC_URL when set, else the address the request came to. */
export function publicOrigin(req: FastifyRequest, ctx: AppContext): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl.replace(/\/$/, '');
  return `${req.protocol}://${req.host}`;
}
