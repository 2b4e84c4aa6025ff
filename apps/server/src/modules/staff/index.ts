import type { ModuleHooks } from '../../module.ts';
import { registerResource } from '../../plugins/graphql/registry.ts';
import type { StaffDeps } from './staff.deps.ts';
import { tasResource, wageTypesResource } from './staff.resource.ts';
import { staffRoutes } from './staff.routes.ts';
import { largeStaffStep, seedDemoStaff } from './staff.seed.ts';
import { createTaService } from './tas.service.ts';
import { createWageTypeService } from './wage-types.service.ts';

export type { TaPayProfile } from './tas.service.ts';
export type { WageTypeRow } from './staff.table.ts';
export type StaffModule = ReturnType<typeof createStaffModule>;

/** A wage type a TA may clock in with, and the rate it pays that TA (null: no rate set). */
export type ClockOption = { id: number; name: string; rate: number | null };

/**
 * TAs as staff: their accounts (through the users module), wage settings (SPEC §3 hourlyWage …
 * wageTypeIds) and the hourly wage types. Other modules (payroll) use:
 *
 * - `tas.find(id)` — a live TA with settings, or 404 `staff.not_found`;
 * - `tas.payProfiles()` — every TA with settings, deleted ones too (their months still pay);
 * - `tas.rateHistories()` — each TA's own hourly rate by 적용 시작일, oldest first;
 * - `wageTypes.byIds(ids)` — types by id, deleted ones too (old records keep their names);
 * - `wageTypes.active()` — the types TAs may clock in with now;
 * - `wageTypes.rateHistories(ids)` — each type's rate by 적용 시작일, oldest first;
 * - `clockOptions(taId)` — the active types the TA may clock in with, at the rate each pays them.
 */
export function createStaffModule(deps: StaffDeps) {
  const wageTypes = createWageTypeService(deps);
  const tas = createTaService({ ...deps, wageTypes });

  return {
    tas: { find: tas.find, payProfiles: tas.payProfiles, rateHistories: tas.rateHistories },
    wageTypes: { byIds: wageTypes.byIds, active: wageTypes.active, rateHistories: wageTypes.rateHistories },

    async clockOptions(taId: number): Promise<ClockOption[]> {
      const ta = await tas.find(taId);
      const active = await wageTypes.active();
      const allowed = ta.wageTypeIds.length ? active.filter((t) => ta.wageTypeIds.includes(t.id)) : active;
      return allowed.map((t) => ({ id: t.id, name: t.name, rate: t.rate ?? ta.hourlyWage }));
    },

    register(app) {
      staffRoutes(app, { tas, wageTypes });
      registerResource(app, tasResource);
      registerResource(app, wageTypesResource);
    },
    seed: { demo: (seed) => seedDemoStaff(deps, seed), large: largeStaffStep },
  } satisfies ModuleHooks & Record<string, unknown>;
}
