import { payrollApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** Who changed a record, when and why. */
export const useRecordHistory = (id: number | null) => useQuery({ ...apiQuery(payrollApi.recordHistory, { params: { id: id ?? 0 } }), enabled: id !== null });
