import { taApi } from '@academy/contracts/staff';
import { apiQuery } from '../../../lib/api.ts';

export const taQuery = (id: number) => apiQuery(taApi.get, { params: { id } });
