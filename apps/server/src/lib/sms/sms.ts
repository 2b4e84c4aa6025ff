import type { MessagePrices } from '@academy/contracts/sms';
import { DEFAULT_SMS_CONFIG, type SmsConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { ModuleHooks } from '../../module.ts';
import { createSmsDelivery, type SmsTiming } from './delivery.ts';
import type { SmsDriver } from './drivers/driver.ts';
import { createOutboxDriver } from './drivers/outbox.ts';
import { createSolapiDriver } from './drivers/solapi.ts';
import { createSmsOutbox, type SmsOutbox } from './outbox.ts';
import { createRateLimiter } from './rate.ts';
import { createSmsRecords, type SmsRecords } from './records.ts';

export type { SmsMessage } from './outbox.ts';

/**
 * Texts to people, a kernel mechanism (`ctx.sms`): `queue` (every area), the delivery record
 * (`records`, the SMS area's history), and what the composer shows before sending (driver, prices,
 * rate).
 */
export type Sms = SmsOutbox & {
  records: SmsRecords;
  /** The driver messages leave through (`outbox`: nowhere). */
  driver: string;
  prices: MessagePrices;
  ratePerSecond: number;
};

/** The driver the configuration names. A new provider adds its case here (see drivers/driver.ts). */
export function createDriver(config: SmsConfig): SmsDriver {
  const d = config.driver;
  switch (d.name) {
    case 'outbox':
      return createOutboxDriver();
    case 'solapi':
      return createSolapiDriver({ apiKey: d.apiKey, apiSecret: d.apiSecret, sender: d.sender, baseUrl: d.baseUrl, timeoutMs: config.timeoutMs });
  }
}

/** The outbox with its delivery: `sms` goes into the kernel, `hooks` (queues, the recovery schedule) to the job system. */
export function createSms(opts: {
  db: Db;
  jobs: Jobs;
  config: SmsConfig | undefined;
  now: () => Date;
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Replaces the configured driver (tests). */
  driver?: SmsDriver;
  timing?: SmsTiming;
}): { sms: Sms; hooks: ModuleHooks } {
  const config = opts.config ?? DEFAULT_SMS_CONFIG;
  const driver = opts.driver ?? createDriver(config);
  const outbox = createSmsOutbox({ db: opts.db, jobs: opts.jobs, now: opts.now });
  const delivery = createSmsDelivery({
    db: opts.db, jobs: opts.jobs, driver, limiter: createRateLimiter({ perSecond: config.ratePerSecond }), ratePerSecond: config.ratePerSecond,
    now: opts.now, log: opts.log, timing: opts.timing,
  });
  return {
    sms: { ...outbox, records: createSmsRecords(opts.db), driver: driver.name, prices: config.prices, ratePerSecond: config.ratePerSecond },
    hooks: { jobs: delivery.jobs, schedules: delivery.schedules },
  };
}
