import { portalClinicApi } from '@academy/contracts/clinic';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** A student books a clinic slot; a full slot answers at once (the page shows it on the slot). */
export const useReserveClinic = () => useApiMutation(portalClinicApi.reserve, { invalidates: CLINIC_AREA, errorToast: false, overlay: false });
