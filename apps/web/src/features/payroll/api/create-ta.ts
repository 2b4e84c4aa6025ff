import { taApi } from '@academy/contracts/staff';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useCreateTa = () => useApiMutation(taApi.create, { invalidates: PAY_AREA, errorToast: false });
