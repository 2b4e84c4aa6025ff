import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Enables a disabled lecture again. */
export const useEnableLecture = () => useApiMutation(lecturesApi.enable, { invalidates: LECTURE_AREA });
