import { videosApi } from '@academy/contracts/videos';
import { download } from '../../../lib/call.ts';

/** The session's watching table as an .xlsx, named by the server. */
export const downloadVideoInfo = (lectureId: number, wlId: number) => download(videosApi.download, { params: { id: lectureId, wlId } }, '영상시청.xlsx');
