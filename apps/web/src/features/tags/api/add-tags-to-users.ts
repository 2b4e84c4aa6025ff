import { tagsApi } from '@academy/contracts/tags';
import { useApiMutation } from '../../../lib/api.ts';
import { STUDENT_ROWS } from './refreshes.ts';

/** Puts tags on many students at once. */
export const useAddTagsToUsers = () => useApiMutation(tagsApi.addToUsers, { invalidates: STUDENT_ROWS });
