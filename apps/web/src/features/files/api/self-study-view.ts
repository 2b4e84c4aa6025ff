import { portalFilesApi } from '@academy/contracts/files';
import { call } from '../../../lib/call.ts';

/** A student opens one of their own self-study files (portal). */
export const fetchSelfStudyView = (fileId: number) => call(portalFilesApi.selfStudyView, { params: { id: fileId } }, { overlay: true });
