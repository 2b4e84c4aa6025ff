import { payrollApi } from '@academy/contracts/payroll';
import { download } from '../../../lib/call.ts';

/** One TA's payslip PDF of the month. */
export const downloadPayslip = (month: string, taId: number, name: string) => download(payrollApi.payslip, { params: { month, taId } }, `급여명세서_${month}_${name}.pdf`);
