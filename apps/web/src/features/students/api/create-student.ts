import { studentsApi } from '@academy/contracts/students';
import { useApiMutation } from '../../../lib/api.ts';
import { TAG_COUNTS } from './refreshes.ts';

/** Registers a student; the form shows the server's refusals on its fields. */
export const useCreateStudent = () => useApiMutation(studentsApi.create, { invalidates: TAG_COUNTS, errorToast: false });
