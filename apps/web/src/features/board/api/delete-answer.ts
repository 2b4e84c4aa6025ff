import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

export const useDeleteAnswer = () => useApiMutation(boardApi.deleteAnswer);
