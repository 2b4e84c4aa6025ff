import type { FastifyInstance } from 'fastify';
import type { DemoSeed, LargeSeedStep } from './db/seed/seed.ts';
import type { JobDefinition, Schedule } from './lib/jobs/jobs.ts';
import type { TopicDefinition } from './lib/realtime/realtime.ts';

/**
 * What every module hands the composition root (src/composition.ts) besides its public functions:
 * its routes and GraphQL resources, and its part of the demo and large seeds. See docs/MODULES.md.
 */
export type ModuleHooks = {
  /** Registers the module's routes (and GraphQL resources) on the app. */
  register?: (app: FastifyInstance) => void;
  seed?: {
    /** Adds the module's part of the demo center; runs in composition order on an empty database. */
    demo?: (seed: DemoSeed) => Promise<void>;
    /** The module's step of `seed:large`. */
    large?: LargeSeedStep;
  };
  /** The realtime topic kinds the module publishes on, and who may follow them. */
  topics?: TopicDefinition[];
  /** Background work: the queues this module handles (ctx.jobs.send puts work on them). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue has its own data type
  jobs?: JobDefinition<any>[];
  /** Recurring work (clean-ups, scheduled sends), cron in Asia/Seoul time, on one instance at a time. */
  schedules?: Schedule[];
  /** Runs once the app is built, before it takes requests (a module's listeners, caches). */
  start?: () => Promise<void>;
  /** Runs when the app closes, undoing `start`. */
  stop?: () => Promise<void>;
};
