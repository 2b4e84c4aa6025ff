import type { AppContext } from '../../context.ts';
import type { DemoSeed } from '../../db/seed/seed.ts';
import type { SettingsService } from './settings.service.ts';

/**
 * The demo center's SMS settings: its name and opt-out number, absence and late texts to parents
 * switched on (with the outbox driver nothing leaves, so the demo shows them in the history).
 */
export async function seedDemoSms(deps: { ctx: AppContext; settings: SettingsService }, seed: DemoSeed): Promise<void> {
  const admin = seed.accounts.get('admin');
  if (admin === undefined) return;
  const current = await deps.settings.get();
  const template = (title: string) => current.templates.find((t) => t.title === title)?.id ?? null;
  await deps.settings.update({
    actorId: admin,
    input: {
      senderName: '한빛학원',
      optOutNotice: '무료수신거부 080-555-0123',
      attendanceDelayMinutes: 5,
      weekLinkDays: 14,
      textFromHour: 8,
      textUntilHour: 22,
      events: [
        { event: 'absence', enabled: true, templateId: template('결석 안내'), attTypeId: null },
        { event: 'late', enabled: true, templateId: template('지각 안내'), attTypeId: null },
        { event: 'score_released', enabled: false, templateId: null, attTypeId: null },
        { event: 'clinic_hurry', enabled: true, templateId: null, attTypeId: null },
      ],
    },
  });
}
