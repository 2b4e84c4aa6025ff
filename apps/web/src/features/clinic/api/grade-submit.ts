import { clinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** The retake graded at the clinic: written to the score grid, clinic 완료. The dialog shows a refusal itself. */
export const useGradeSubmit = () => useApiMutation(clinicApi.gradeSubmit, { invalidates: CLINIC_AREA, errorToast: false });
