import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';

/** Chooses a student's representative lectures (the first is shown beside the name in the grid). */
export const useSetRepresentativeLectures = () => useApiMutation(studentsApi.setRepresentativeLectures);
