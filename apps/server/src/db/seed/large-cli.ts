import { mkdirSync } from 'node:fs';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedLarge } from './large.ts';

/** `npm run seed:large`: fills the configured database (DATABASE_URL or PGlite in DATA_DIR). */
const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
const built = await buildApp({ config, database, logger: false, webDist: null });
const t0 = performance.now();
await seedLarge(built, (m) => console.log(`  ${m}`));
console.log(`대용량 데이터 준비 완료 (large seed done) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await built.app.close();
await database.close();
