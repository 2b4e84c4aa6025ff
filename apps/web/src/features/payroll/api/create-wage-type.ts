import { wageTypesApi } from '@academy/contracts/staff';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useCreateWageType = () => useApiMutation(wageTypesApi.create, { invalidates: PAY_AREA, errorToast: false });
