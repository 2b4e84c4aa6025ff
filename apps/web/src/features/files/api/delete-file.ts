import { filesApi } from '@academy/contracts/files';
import { useApiMutation } from '../../../lib/api.ts';

/** Deletes a file with its bytes and watermarked copies. */
export const useDeleteFile = () => useApiMutation(filesApi.delete);
