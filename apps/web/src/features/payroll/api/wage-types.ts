import { wageTypesApi } from '@academy/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

export const wageTypesQuery = () => apiQuery(wageTypesApi.list);
export const useWageTypes = () => useQuery(wageTypesQuery());
