import { filesApi } from '@academy/contracts/files';
import { useApiMutation } from '../../../lib/api.ts';

/** Saves a file's memo (the memo dialog shows a refusal itself). */
export const useUpdateFileMemo = () => useApiMutation(filesApi.updateMemo, { errorToast: false });
