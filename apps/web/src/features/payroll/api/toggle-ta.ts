import { taApi } from '@academy/contracts/staff';
import { useApiMutation } from '../../../lib/api.ts';
import { PAY_AREA } from './tags.ts';

export const useToggleTa = () => useApiMutation(taApi.toggleStatus, { invalidates: PAY_AREA });
