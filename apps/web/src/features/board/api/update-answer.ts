import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

export const useUpdateAnswer = () => useApiMutation(boardApi.updateAnswer);
