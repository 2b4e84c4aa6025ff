import { workApi } from '@academy/contracts/payroll';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/api.ts';

export const myClaimsQuery = () => apiQuery(workApi.myClaims);
export const useMyClaims = () => useQuery(myClaimsQuery());
