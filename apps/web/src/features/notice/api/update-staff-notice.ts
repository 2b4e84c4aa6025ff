import { noticesApi } from '@academy/contracts/notices';
import { useApiMutation } from '../../../lib/api.ts';

/** Admins rewrite the staff notice; the editor shows a failure itself. */
export const useUpdateStaffNotice = () => useApiMutation(noticesApi.updateStaff, { errorToast: false });
