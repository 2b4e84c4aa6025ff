import type { ModuleHooks } from '../../module.ts';
import { createComposeService } from './compose.service.ts';
import { createEventService } from './events.service.ts';
import { createHistoryService } from './history.service.ts';
import { createScheduleService } from './schedules.service.ts';
import { createSettingsService } from './settings.service.ts';
import type { SmsDeps } from './sms.deps.ts';
import { smsRoutes } from './sms.routes.ts';
import { seedDemoSms } from './sms.seed.ts';

export type SmsModule = ReturnType<typeof createSmsModule>;

/**
 * The SMS area (문자): composing and sending (recipients, templates with variables, preview, bytes
 * and cost, advertising rules, schedules), the history with a status per recipient and resending,
 * the settings with the automatic texts (absence, late, released score, clinic hurry), and weekly
 * sends. Messages go through the kernel's outbox (`ctx.sms`), which delivers them. Other modules
 * use:
 *
 * - `events.textFor(event, values)` — the words of an automatic text another area sends itself
 *   (the clinic's hurry), or null while the center has it switched off;
 * - `senderName()` — the name the center signs its texts with (also what the outbox puts in front
 *   of a `signed` message).
 */
export function createSmsModule(deps: SmsDeps) {
  const settings = createSettingsService(deps);
  const compose = createComposeService({ ...deps, settings });
  const history = createHistoryService(deps);
  const schedules = createScheduleService({ ...deps, compose });
  const events = createEventService({ ...deps, settings });
  deps.lectures.attendance.onChange(events.onAttendance);
  deps.exams.exams.onRelease(events.onRelease);
  const senderName = async () => (await settings.center()).senderName;
  deps.ctx.sms.signWith(senderName);

  return {
    events: { textFor: events.textFor },
    senderName,
    register(app) {
      smsRoutes(app, { ctx: deps.ctx, compose, history, settings, schedules });
    },
    jobs: events.jobs,
    schedules: [{ name: 'sms.weekly', cron: '* * * * *', run: schedules.runDue }],
    seed: { demo: (seed) => seedDemoSms({ ctx: deps.ctx, settings }, seed) },
  } satisfies ModuleHooks & Record<string, unknown>;
}
