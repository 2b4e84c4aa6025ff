import { tagsApi } from '@academy/contracts/tags';
import { useApiMutation } from '../../../lib/api.ts';
import { STUDENT_ROWS } from './refreshes.ts';

/** Takes tags off many students at once. */
export const useRemoveTagsFromUsers = () => useApiMutation(tagsApi.removeFromUsers, { invalidates: STUDENT_ROWS });
