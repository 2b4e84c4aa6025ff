import { portalCounselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** A student books a counsel slot with a type. */
export const useReserveCounsel = () => useApiMutation(portalCounselApi.reserve, { invalidates: CLINIC_AREA, errorToast: false, overlay: false });
