import { payrollApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

/** The premium switch and the rates by year (minimum wage, insurance shares). */
export const payrollSettingsQuery = () => apiQuery(payrollApi.settings);
export const usePayrollSettings = () => useQuery(payrollSettingsQuery());
