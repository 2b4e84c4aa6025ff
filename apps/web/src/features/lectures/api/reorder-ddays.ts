import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { PORTAL } from './tags.ts';

/** Saves the whole order of one lecture's D-days in one call. */
export const useReorderDdays = () => useApiMutation(lecturesApi.reorderDdays, { invalidates: PORTAL });
