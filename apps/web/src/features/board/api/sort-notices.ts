import { boardApi } from '@academy/contracts/board';
import { useApiMutation } from '../../../lib/api.ts';

/** Pins notices in this order (those left out are unpinned). */
export const useSortNotices = () => useApiMutation(boardApi.sortOrder);
