import { portalCounselApi } from '@academy/contracts/counsel';
import { useApiMutation } from '../../../lib/api.ts';
import { CLINIC_AREA } from './tags.ts';

/** A student cancels their counsel booking. */
export const useCancelCounsel = () => useApiMutation(portalCounselApi.cancel, { invalidates: CLINIC_AREA, overlay: false });
