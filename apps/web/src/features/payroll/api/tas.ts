import { taApi } from '@academy/contracts/staff';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Every live TA with wage settings (pickers and the calendar's filter). */
export const tasQuery = () => apiQuery(taApi.list);
export const useTas = () => useQuery(tasQuery());
