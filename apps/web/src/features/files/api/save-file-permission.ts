import { filesApi } from '@academy/contracts/files';
import { useApiMutation } from '../../../lib/api.ts';

/** Saves who may open a weekly lecture's materials (the editor shows a refusal itself). */
export const useSaveFilePermission = () => useApiMutation(filesApi.setPermission, { errorToast: false });
