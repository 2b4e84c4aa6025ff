import { workApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useCreateClaim = () => useApiMutation(workApi.createClaim, { invalidates: PAY_AREA, errorToast: false });
