import { portalClinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** A student cancels their clinic booking (until the deadline). */
export const useCancelClinic = () => useApiMutation(portalClinicApi.cancel, { invalidates: CLINIC_AREA, overlay: false });
