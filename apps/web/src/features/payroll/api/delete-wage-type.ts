import { wageTypesApi } from '@academy/contracts/staff';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useDeleteWageType = () => useApiMutation(wageTypesApi.delete, { invalidates: PAY_AREA });
