import { workApi } from '@academy/contracts/payroll';
import { download } from '../../../lib/call.ts';

/** The TA's own payslip PDF of a closed month. */
export const downloadMyPayslip = (month: string) => download(workApi.myPayslip, { query: { month } }, `급여명세서_${month}.pdf`);
