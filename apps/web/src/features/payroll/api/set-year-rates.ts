import { payrollApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useSetYearRates = () => useApiMutation(payrollApi.setYearRates, { invalidates: PAY_AREA, errorToast: false });
