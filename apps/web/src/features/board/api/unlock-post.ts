import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

/** Opens a 비밀글 with its password; a wrong one is shown on the field. */
export const useUnlockPost = () => useApiMutation(boardApi.unlock, { errorToast: false });
