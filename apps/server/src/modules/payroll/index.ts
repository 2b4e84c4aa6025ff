import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import { createClaimService } from './claims.service.ts';
import { createClockService } from './clock.service.ts';
import { createCorrectionService } from './corrections.service.ts';
import { createCustomWageService } from './custom-wages.service.ts';
import { createExportService } from './exports.service.ts';
import { createMonthService } from './months.service.ts';
import type { PayrollDeps } from './payroll.deps.ts';
import { largePayrollStep } from './payroll.large.ts';
import { expenseClaimsResource, workRecordsResource } from './payroll.resource.ts';
import { payrollRoutes } from './payroll.routes.ts';
import { seedDemoPayroll } from './payroll.seed.ts';
import { createPayrollService } from './payroll.service.ts';
import { createRecordService } from './records.service.ts';
import { createSettingsService } from './settings.service.ts';

export { LARGE_PAYROLL } from './payroll.large.ts';
export type PayrollModule = ReturnType<typeof createPayrollModule>;

/**
 * TA work and pay (docs/payroll.md): clock-in and clock-out, admin corrections with reasons,
 * expense claims with receipts, custom wages, the month's payroll with Korean rules (주휴수당,
 * premiums, minimum wage, 3.3% or the four insurances), month close and its exports. Nothing of
 * it is used by other modules.
 */
export function createPayrollModule(deps: PayrollDeps) {
  const months = createMonthService(deps);
  const records = createRecordService({ ...deps, months });
  const settings = createSettingsService(deps);
  const clock = createClockService({ ...deps, months, records });
  const corrections = createCorrectionService({ ...deps, months, records });
  const claims = createClaimService({ ...deps, months });
  const customWages = createCustomWageService({ ...deps, months });
  const payroll = createPayrollService({ ...deps, months, records, settings });
  const exports = createExportService({ payroll });
  const activeTypes = () => deps.staff.wageTypes.active();

  return {
    register(app) {
      payrollRoutes(app, { clock, corrections, claims, customWages, payroll, exports, settings });
      registerResource(app, workRecordsResource);
      registerResource(app, expenseClaimsResource);
    },
    seed: {
      demo: (seed) => seedDemoPayroll({ ...deps, wageTypeIds: async (names) => new Map((await activeTypes()).filter((t) => names.includes(t.name)).map((t) => [t.name, t.id])) }, seed),
      large: largePayrollStep({ wageTypeIds: async () => (await activeTypes()).map((t) => t.id) }),
    },
    // Open records past their work day are flagged 퇴근 누락 every ten minutes (reads flag them at once too).
    schedules: [{ name: 'payroll.flag-missing-out', cron: '*/10 * * * *', run: async () => void (await records.flagMissingOut()) }],
  } satisfies ModuleHooks & Record<string, unknown>;
}
