import { tagsApi } from '@academy/contracts/tags';
import { useApiMutation } from '../../../lib/api.ts';

/** Makes a tag (it goes last in the order). */
export const useCreateTag = () => useApiMutation(tagsApi.create);
