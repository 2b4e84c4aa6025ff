import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

export const useRenameSession = () => useApiMutation(weeklyLecturesApi.rename, { invalidates: LECTURE_AREA });
