import type { BuiltApp } from '../../app.ts';
import { moduleList } from '../../composition.ts';
import { rng } from './korean.ts';
import type { DemoSeed } from './seed.ts';

/**
 * Fills an empty database with a small, realistic center: each module adds its part, in
 * composition order (accounts first). Does nothing when accounts already exist, so a second start
 * keeps the data.
 */
export async function seedDemo(built: Pick<BuiltApp, 'modules'>): Promise<{ seeded: boolean }> {
  if (await built.modules.users.hasAccounts()) return { seeded: false };
  const seed: DemoSeed = { accounts: new Map(), lectures: new Map(), random: rng(20261121) };
  for (const m of moduleList(built.modules)) if (m.seed?.demo) await m.seed.demo(seed);
  return { seeded: true };
}
