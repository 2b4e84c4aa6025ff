import { noticesApi } from '@academy/contracts/notices';
import { useApiMutation } from '../../../lib/api.ts';

/** Admins rewrite the clinic notice; the students' booking page reads it. */
export const useUpdateClinicNotice = () => useApiMutation(noticesApi.updateClinic, { invalidates: ['portal-clinic'], errorToast: false });
