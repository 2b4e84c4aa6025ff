import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Flips each student between 재원 and 비활성 (or sets them all to `isActive`). */
export const useToggleStudentStatus = () => useApiMutation(studentsApi.toggleStatus, { invalidates: TAG_COUNTS });
