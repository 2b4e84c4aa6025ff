import { tagsApi } from '@academy/contracts/tags';
import { useApiMutation } from '../../../lib/api.ts';
import { STUDENT_ROWS } from './refreshes.ts';

/** Renames or recolours a tag. */
export const useUpdateTag = () => useApiMutation(tagsApi.update, { invalidates: STUDENT_ROWS });
