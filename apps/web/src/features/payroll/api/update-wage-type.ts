import { wageTypesApi } from '@academy/contracts/staff';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useUpdateWageType = () => useApiMutation(wageTypesApi.update, { invalidates: PAY_AREA, errorToast: false });
