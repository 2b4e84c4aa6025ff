import { wlExamApi } from '@academy/contracts/exams';
import { useApiMutation } from '../../../lib/api.ts';

/** Makes parent score links for students (and texts them); the dialog lists the result. */
export const useScoreLinks = () => useApiMutation(wlExamApi.scoreLinks);
