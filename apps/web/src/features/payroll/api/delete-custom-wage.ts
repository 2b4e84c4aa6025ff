import { payrollApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useDeleteCustomWage = () => useApiMutation(payrollApi.deleteCustomWage, { invalidates: PAY_AREA });
