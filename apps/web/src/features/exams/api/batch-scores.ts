import { scoresApi } from '@academy/contracts/exams';
import type { z } from 'zod';
import { call } from '../../../lib/call.ts';

export type BatchItem = z.output<typeof scoresApi.batch.body>['items'][number];

/** Many cells at once, all or none (a paste, a bulk status, an undo). */
export const batchScores = (items: BatchItem[]) => call(scoresApi.batch, { body: { items } }, { overlay: false });
