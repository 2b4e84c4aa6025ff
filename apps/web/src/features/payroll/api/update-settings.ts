import { payrollApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useUpdatePayrollSettings = () => useApiMutation(payrollApi.updateSettings, { invalidates: PAY_AREA });
