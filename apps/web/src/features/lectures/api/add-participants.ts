import { weeklyLecturesApi } from '@academy/contracts/lectures';
import { useApiMutation } from '../../../lib/api.ts';
import { LECTURE_AREA } from './tags.ts';

/** Adds students, or another lecture's roster, to one session, optionally with a preset attendance type. */
export const useAddParticipants = () => useApiMutation(weeklyLecturesApi.addParticipantsWithOptions, { invalidates: LECTURE_AREA });
