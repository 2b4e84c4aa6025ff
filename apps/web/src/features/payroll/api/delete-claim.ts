import { workApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useDeleteClaim = () => useApiMutation(workApi.deleteClaim, { invalidates: PAY_AREA });
