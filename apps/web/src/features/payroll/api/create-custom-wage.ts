import { payrollApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useCreateCustomWage = () => useApiMutation(payrollApi.createCustomWage, { invalidates: PAY_AREA, errorToast: false });
