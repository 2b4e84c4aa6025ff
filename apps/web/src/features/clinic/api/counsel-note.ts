import { counselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** The note after a counsel session (lands in the student's consult record). */
export const useCounselNote = () => useApiMutation(counselApi.note, { invalidates: [...CLINIC_AREA, 'student-records'], errorToast: false });
