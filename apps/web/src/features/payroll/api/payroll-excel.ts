import { payrollApi } from '@academy/contracts/payroll';
import { download } from '../../../lib/call.ts';

/** The month's Excel: a summary sheet and one sheet per TA. */
export const downloadPayrollExcel = (month: string) => download(payrollApi.excel, { params: { month } }, `급여_${month}.xlsx`);
