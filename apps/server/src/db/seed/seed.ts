import type { Db } from '../client.ts';

/**
 * What the demo seed hands each module's `seed.demo`: the accounts made so far by login id (the
 * users module fills it first), the demo lectures by name with their sessions in date order (the
 * lectures module fills it), and a seeded random source so the demo is the same every time.
 */
export type DemoSeed = {
  accounts: Map<string, number>;
  lectures: Map<string, { id: number; sessions: { id: number; date: string }[] }>;
  random: () => number;
};

export type LargeSeedContext = { db: Db; random: () => number; studentIds: number[]; taIds: number[] };

/** One area's part of `seed:large`: fills its tables for the large center; idempotent. */
export type LargeSeedStep = { name: string; run: (c: LargeSeedContext) => Promise<void> };
