import { payrollApi, workApi } from '@academy/contracts/payroll';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route.ts';
import type { ClaimService } from './claims.service.ts';
import type { createClockService } from './clock.service.ts';
import type { createCorrectionService } from './corrections.service.ts';
import type { CustomWageService } from './custom-wages.service.ts';
import type { createExportService } from './exports.service.ts';
import type { PayrollService } from './payroll.service.ts';
import type { SettingsService } from './settings.service.ts';

type Services = {
  clock: ReturnType<typeof createClockService>;
  corrections: ReturnType<typeof createCorrectionService>;
  claims: ClaimService;
  customWages: CustomWageService;
  payroll: PayrollService;
  exports: ReturnType<typeof createExportService>;
  settings: SettingsService;
};

/** Every route of the payroll module: the endpoint declared in contracts → one service call. */
export function payrollRoutes(app: FastifyInstance, s: Services): void {
  route(app, workApi.status, ({ user }) => s.clock.status(user));
  route(app, workApi.myRecords, ({ query, user }) => s.clock.myRecords({ user, month: query.month }));
  route(app, workApi.clockIn, ({ body, user }) => s.clock.clockIn({ user, wageTypeId: body.wageTypeId }));
  route(app, workApi.clockOut, ({ user }) => s.clock.clockOut(user));
  route(app, workApi.myPay, ({ query, user }) => s.payroll.myPay({ user, month: query.month }));
  route(app, workApi.myPayslip, ({ query, user }) => s.exports.myPayslip({ user, month: query.month }));
  route(app, workApi.myClaims, ({ user }) => s.claims.mine(user));
  route(app, workApi.createClaim, ({ body, user }) => s.claims.create({ user, input: body }));
  route(app, workApi.updateClaim, ({ params, body, user }) => s.claims.update({ user, id: params.id, input: body }));
  route(app, workApi.deleteClaim, ({ params, user }) => s.claims.delete({ user, id: params.id }));

  route(app, payrollApi.records, ({ query }) => s.corrections.list(query));
  route(app, payrollApi.createRecord, ({ body, user }) => s.corrections.create({ ...body, actorId: user.userId }));
  route(app, payrollApi.updateRecord, ({ params, body, user }) => s.corrections.update({ id: params.id, ...body, actorId: user.userId }));
  route(app, payrollApi.deleteRecord, ({ params, query, user }) => s.corrections.delete({ id: params.id, reason: query.reason, actorId: user.userId }));
  route(app, payrollApi.recordHistory, ({ params }) => s.corrections.history(params.id));
  route(app, payrollApi.claim, ({ params }) => s.claims.get(params.id));
  route(app, payrollApi.approveClaim, ({ params, user }) => s.claims.approve({ id: params.id, actorId: user.userId }));
  route(app, payrollApi.rejectClaim, ({ params, body, user }) => s.claims.reject({ id: params.id, reason: body.reason, actorId: user.userId }));
  route(app, payrollApi.customWages, ({ query }) => s.customWages.list(query));
  route(app, payrollApi.createCustomWage, ({ body, user }) => s.customWages.create({ input: body, actorId: user.userId }));
  route(app, payrollApi.updateCustomWage, ({ params, body, user }) => s.customWages.update({ id: params.id, input: body, actorId: user.userId }));
  route(app, payrollApi.deleteCustomWage, ({ params, user }) => s.customWages.delete({ id: params.id, actorId: user.userId }));
  route(app, payrollApi.info, ({ query }) => s.payroll.info(query.month));
  route(app, payrollApi.close, ({ params, user }) => s.payroll.close({ month: params.month, actorId: user.userId }));
  route(app, payrollApi.excel, ({ params }) => s.exports.excel(params.month));
  route(app, payrollApi.payslip, ({ params }) => s.exports.payslip(params));
  route(app, payrollApi.settings, () => s.settings.get());
  route(app, payrollApi.updateSettings, ({ body, user }) => s.settings.setPremiums({ premiumsEnabled: body.premiumsEnabled, actorId: user.userId }));
  route(app, payrollApi.setYearRates, ({ params, body, user }) => s.settings.setYear({ rates: { ...body, year: params.year }, actorId: user.userId }));
}
