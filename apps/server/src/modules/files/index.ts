import { publicOrigin } from '../../lib/public-origin.ts';
import { registerLocalBlobRoutes } from '../../lib/storage/local.routes.ts';
import { isLocalStorage } from '../../lib/storage/local.ts';
import type { ModuleHooks } from '../../module.ts';
import { createBoardFileService } from './board-files.service.ts';
import { createDownloadService } from './downloads.service.ts';
import type { FilesDeps } from './files.deps.ts';
import { createFileRecords } from './files.records.ts';
import { filesRoutes, profileImageRoutes } from './files.routes.ts';
import { seedDemoFiles } from './files.seed.ts';
import { createLibraryService } from './library.service.ts';
import { createOmrFileService } from './omr-files.service.ts';
import { createParentFileService } from './parent-files.service.ts';
import { createParentLinkService } from './parent-links.service.ts';
import { createPermissionService } from './permissions.service.ts';
import { createPortalService } from './portal.service.ts';
import { createProfileImageService } from './profile-images.service.ts';
import { createReceiptService } from './receipts.service.ts';
import { createUploadService } from './uploads.service.ts';
import { createVideoFiles } from './video-files.ts';
import { createWatermarkService } from './watermarks.service.ts';

export type FilesModule = ReturnType<typeof createFilesModule>;

/** Abandoned uploads are swept this often (their window is 1 h for a single PUT, 24 h for multipart). */

/**
 * Files (SPEC §7 Files; README.md beside this file): uploads straight to storage by signed URL,
 * checked before they appear; downloads by short signed URL, watermarked for students; who may
 * open a weekly lecture's materials and from when; the student portal's files; parent links.
 * The bytes live in `ctx.storage` (local folder or S3); with the local driver this module also
 * answers the signed URLs (src/lib/storage/local.routes.ts).
 *
 * Other modules use:
 *
 * - `receipts.require / describe / discard` — the receipts of the payroll module's expense claims
 *   (kind `receipt`: uploaded by a TA, opened only by that TA and admins).
 * - `omrFiles` — the OMR module reads the scans uploaded as kind `omr` and deletes them.
 * - `videoFiles` — a lecture video's uploaded original (kind `video`): check, read, remove.
 * - `boardFiles` — the public board's attachments (pictures and PDFs, visitors' too) on the same
 *   upload flow and byte check;
 * - `parentFiles` — the materials shared with parents in some sessions (the parent's week).
 */
export function createFilesModule(deps: FilesDeps) {
  const { ctx } = deps;
  const records = createFileRecords(deps);
  const permissions = createPermissionService(deps);
  const watermarks = createWatermarkService(deps);
  const downloads = createDownloadService({ ...deps, records, permissions, watermarks });
  const uploads = createUploadService({ ...deps, records });
  const library = createLibraryService({ ...deps, records, permissions, watermarks });
  const portal = createPortalService({ ...deps, records, permissions, downloads });
  const parentLinks = createParentLinkService({ ...deps, records, permissions, downloads });
  const receipts = createReceiptService({ ...deps, library });

  const profileImages = createProfileImageService(deps);
  return {
    receipts,
    omrFiles: createOmrFileService(deps),
    videoFiles: createVideoFiles({ records, library }),
    boardFiles: createBoardFileService(deps),
    parentFiles: createParentFileService({ ...deps, downloads }),
    register(app) {
      if (isLocalStorage(ctx.storage)) registerLocalBlobRoutes(app, ctx.storage, { acceptsWrite: uploads.acceptsWrite });
      profileImageRoutes(app, profileImages);
      filesRoutes(app, { uploads, downloads, library, permissions, portal, parentLinks, lectures: deps.lectures, origin: () => publicOrigin(ctx) });
    },
    seed: { demo: (seed) => seedDemoFiles(ctx, seed) },
    // Every ten minutes: uploads that were started and never finished.
    schedules: [{ name: 'files.sweep-uploads', cron: '*/10 * * * *', run: async () => void (await uploads.sweepExpired()) }],
  } satisfies ModuleHooks & Record<string, unknown>;
}
