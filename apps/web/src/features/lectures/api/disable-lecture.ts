import { lecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Disables a lecture (its data stays; it leaves the default lists). */
export const useDisableLecture = () => useApiMutation(lecturesApi.disable, { invalidates: LECTURE_AREA });
