import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

export const useUpdatePost = () => useApiMutation(boardApi.update, { errorToast: false });
