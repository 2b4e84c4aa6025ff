import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

export const useDeletePost = () => useApiMutation(boardApi.remove, { errorToast: false });
