import type { ModuleHooks } from '../../module.ts';
import { createAnswerService } from './answers.service.ts';
import { createAttachmentService } from './attachments.service.ts';
import type { BoardDeps } from './board.deps.ts';
import { largeBoardStep } from './board.large.ts';
import { boardRoutes } from './board.routes.ts';
import { seedDemoBoard } from './board.seed.ts';
import { createGuard } from './guard.ts';
import { createPostService } from './posts.service.ts';

export type BoardModule = ReturnType<typeof createBoardModule>;

/**
 * The public Q&A board (/board): visitors ask with a name and a password, signed-in students as
 * themselves, 비밀글 for the writer and staff only; staff answer (telling the writer by SMS if they
 * want) and pin notices. Attachments are the files module's (kind `board`). Anti-spam without a
 * captcha: limits per client address, a honeypot field, a link limit and size limits. Nothing of
 * it is used by other modules.
 */
export function createBoardModule(deps: BoardDeps) {
  const guard = createGuard(deps.ctx);
  const attachments = createAttachmentService({ ...deps, guard });
  const posts = createPostService({ ...deps, guard, attachments });
  const answers = createAnswerService({ ...deps, posts });

  return {
    register(app) {
      boardRoutes(app, { ctx: deps.ctx, posts, answers, attachments });
    },
    // Hourly: attachments never put on a post.
    schedules: [{ name: 'board.sweep', cron: '17 * * * *', run: () => attachments.sweep() }],
    seed: { demo: (seed) => seedDemoBoard({ ctx: deps.ctx }, seed), large: largeBoardStep },
  } satisfies ModuleHooks & Record<string, unknown>;
}
