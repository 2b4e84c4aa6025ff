import { VIDEO_ERRORS, videosTopic } from '@academy/contracts/videos';
import { hasPermission } from '@academy/contracts/roles';
import type { ModuleHooks } from '../../module.ts';
import { appError } from '../../lib/errors.ts';
import { createLibraryService } from './library.service.ts';
import { createPortalService } from './portal.service.ts';
import { createProcessingService } from './processing.service.ts';
import { createProgressService } from './progress.service.ts';
import { createReportService } from './report.service.ts';
import { createSettingsService } from './settings.service.ts';
import type { VideosDeps } from './videos.deps.ts';
import { videoRoutes } from './videos.routes.ts';
import { largeVideosStep } from './videos.large.ts';
import { seedDemoVideos } from './videos.seed.ts';
import { createWatchTokens } from './watch-token.ts';

export type VideosModule = ReturnType<typeof createVideosModule>;

/**
 * Lecture videos (docs/videos.md): uploads processed in the background so they stream (duration,
 * poster, faststart), YouTube and Vimeo links, signed expiring stream URLs, the student's real
 * progress (union of watched intervals, credited no faster than real time), completion with an
 * optional attendance mark, the staff table and its Excel, and the portal player's calls.
 * Nothing of it is used by other modules yet.
 */
export function createVideosModule(deps: VideosDeps) {
  const { ctx, users } = deps;
  const settings = createSettingsService(deps);
  const tokens = createWatchTokens({ secret: ctx.config.jwtSecret, now: () => ctx.now() });
  const progress = createProgressService({ ...deps, settings });
  const library = createLibraryService({ ...deps, settings });
  const reports = createReportService({ ...deps, settings });
  const portal = createPortalService({ ...deps, settings, progress, tokens });
  const processing = createProcessingService(deps);

  const requireStudent = async (id: number) => {
    if ((await users.directory([id])).get(id)?.userType !== 'STUDENT') throw appError(VIDEO_ERRORS.student_not_found, `학생을 찾을 수 없습니다 (ID ${id})`);
  };

  return {
    register(app) {
      videoRoutes(app, { ctx, library, progress, reports, portal, settings, tokens, requireStudent });
    },
    // A session's videos topic carries processing progress: staff only.
    topics: [{ topic: videosTopic, authorize: ({ user }) => hasPermission(user, 'TA') }],
    jobs: [processing.definition],
    seed: { demo: (seed) => seedDemoVideos(deps, seed), large: largeVideosStep(deps) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
