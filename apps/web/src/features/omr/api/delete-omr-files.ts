import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';
import { OMR_AREA } from './tags.ts';

/** Deletes every OMR upload of an exam with its sheets (scores stay). */
export const useDeleteOmrFiles = () => useApiMutation(wlExamApi.deleteOmrFiles, { invalidates: OMR_AREA });
