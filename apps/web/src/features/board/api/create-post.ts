import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

export const useCreatePost = () => useApiMutation(boardApi.create, { errorToast: false });
