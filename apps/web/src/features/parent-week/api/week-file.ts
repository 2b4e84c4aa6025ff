import { parentWeekApi } from '@academy/contracts/parent-week';
import { call } from '../../../lib/call.ts';

/** A short download URL of a file shared with parents in the week (asked for when tapped: it lives 5 minutes). */
export const weekFileUrl = (token: string, fileId: number) => call(parentWeekApi.file, { params: { token, fileId } }, { overlay: false });
