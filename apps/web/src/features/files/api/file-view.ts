import { portalFilesApi } from '@academy/contracts/files';
import { call } from '../../../lib/call.ts';

/** A student opens a file: a lecture material comes watermarked and the open is recorded (portal). */
export const fetchFileView = (fileId: number) => call(portalFilesApi.fileView, { params: { id: fileId } }, { overlay: true });
