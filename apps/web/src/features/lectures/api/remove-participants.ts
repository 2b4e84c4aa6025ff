import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

export const useRemoveParticipants = () => useApiMutation(weeklyLecturesApi.removeParticipants, { invalidates: LECTURE_AREA });
