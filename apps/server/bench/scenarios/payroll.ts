import { LARGE_PAYROLL } from '../../src/modules/payroll/index.ts';
import type { BenchEnv, CustomResult, Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/** The generated month (payroll.large.ts): 30 TAs, ~2,000 records, with premiums on so every rule runs. */
async function prepareMonth(env: BenchEnv): Promise<{ records: number; tas: number }> {
  const [row] = await env.driver.query<{ records: number; tas: number }>(
    `select count(*)::int as records, count(distinct ta_id)::int as tas from work_records
      where work_date between '${LARGE_PAYROLL.month}-01' and '${LARGE_PAYROLL.month}-31'
        and ta_id in (select id from users where login_id like 'bta%')`,
  );
  if (!row || row.records === 0) throw new Error(`no work records in ${LARGE_PAYROLL.month} for the generated TAs (payroll.large.ts)`);
  const res = await fetch(`${env.baseUrl}/api/admin/payroll-settings`, { method: 'PUT', headers: { ...json, authorization: `Bearer ${env.tokens.admin}` }, body: JSON.stringify({ premiumsEnabled: true }) });
  if (!res.ok) throw new Error(`payroll settings: ${res.status} ${await res.text()}`);
  return row;
}

export const scenarios: Scenario[] = [
  {
    kind: 'http',
    name: 'payroll: payroll-info, 30 TAs × one month (~2,000 records), every rule on',
    target: 'p99 ≤ 200 ms',
    connections: 2,
    prepare: async (env) => {
      await prepareMonth(env);
      return [{ method: 'GET', path: `/api/admin/payroll-info?month=${LARGE_PAYROLL.month}`, headers: { authorization: `Bearer ${env.tokens.admin}` } }];
    },
  },
  {
    kind: 'custom',
    name: 'payroll: month Excel (summary + 30 sheets) and one payslip PDF',
    target: 'Excel ≤ 1 s; payslip reported',
    measure: async (env): Promise<CustomResult> => {
      const month = await prepareMonth(env);
      const headers = { authorization: `Bearer ${env.tokens.admin}` };
      const [ta] = await env.driver.query<{ id: number }>(`select id from users where login_id = 'bta01'`);
      const time = async (path: string) => {
        const t0 = performance.now();
        const res = await fetch(`${env.baseUrl}${path}`, { headers });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        return performance.now() - t0;
      };
      const excel: number[] = [];
      const payslip: number[] = [];
      for (let i = 0; i < 8; i++) {
        excel.push(await time(`/api/admin/payroll/${LARGE_PAYROLL.month}/excel`));
        payslip.push(await time(`/api/admin/payroll/${LARGE_PAYROLL.month}/payslip/${ta!.id}`));
      }
      excel.sort((a, b) => a - b);
      payslip.sort((a, b) => a - b);
      return { p50Ms: percentile(excel, 0.5), p99Ms: excel.at(-1), extra: { 'payslip p50 ms': Math.round(percentile(payslip, 0.5)), 'payslip max ms': Math.round(payslip.at(-1)!), records: month.records, tas: month.tas } };
    },
  },
];
