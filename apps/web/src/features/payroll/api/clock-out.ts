import { workApi } from '@academy/contracts/payroll';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useClockOut = () => useApiMutation(workApi.clockOut, { invalidates: PAY_AREA });
