import type { FastifyInstance } from 'fastify';
import type { DemoSeed, LargeSeedStep } from './db/seed/seed.ts';
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
  /** Periodic clean-ups (expired tokens, abandoned uploads), run by the app on unref'd timers. */
  housekeeping?: { name: string; everyMs: number; run: () => Promise<void> }[];
};
