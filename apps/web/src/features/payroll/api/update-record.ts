import { payrollApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useUpdateRecord = () => useApiMutation(payrollApi.updateRecord, { invalidates: PAY_AREA, errorToast: false });
