import { payrollApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

export const useClaim = (id: number | null) => useQuery({ ...apiQuery(payrollApi.claim, { params: { id: id ?? 0 } }), enabled: id !== null });
