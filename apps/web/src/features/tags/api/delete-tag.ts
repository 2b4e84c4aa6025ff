import { tagsApi } from '@academy/contracts/tags';
import { useApiMutation } from '../../../lib/api.ts';
import { STUDENT_ROWS } from './refreshes.ts';

/** Deletes a tag; it falls off every student. */
export const useDeleteTag = () => useApiMutation(tagsApi.delete, { invalidates: STUDENT_ROWS });
