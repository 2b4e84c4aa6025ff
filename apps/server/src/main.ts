import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { exitOnFatalErrors } from './lib/fatal.ts';
import { markEmbeddedServer } from './db/ops/backup.ts';
import { seedDemo } from './db/seed/demo.ts';
import { DEMO_ACCOUNTS } from './modules/users/index.ts';

let logSlow = (info: { statement: string; ms: number }) => console.warn(`slow query ${info.ms} ms: ${info.statement.slice(0, 200)}`);

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteWorker: config.pgliteWorker,
    onConnectionError: (err) => console.warn(`데이터베이스 연결이 끊겨 다시 연결합니다 (idle database connection lost): ${err.message}`),
    // The app's logger exists only after the app is built; until then slow statements go to stderr.
    slowQuery: config.slowQueryMs ? { ms: config.slowQueryMs, log: (info) => logSlow(info) } : undefined,
  });
  // Backups of the embedded database refuse to run while this process holds it.
  const unmark = database.kind === 'pglite' ? await markEmbeddedServer(config.dataDir) : null;
  const built = await buildApp({ config, database });
  const { app, modules } = built;
  logSlow = (info) => app.log.warn(info, 'slow query');

  // Instances started together on an empty database seed it and create the first admin once.
  await database.exclusive(async () => {
    if (config.demoData) {
      const { seeded } = await seedDemo(built);
      app.log.info(seeded ? '데모 데이터를 만들었습니다 (demo data created)' : '기존 데이터를 사용합니다 (existing data kept)');
    }
    const admin = await modules.users.ensureInitialAdmin();
    if (admin === 'missing') {
      app.log.warn('관리자 계정이 없습니다. ADMIN_LOGIN_ID와 ADMIN_PASSWORD를 지정하고 다시 시작하세요 (no admin account: set ADMIN_LOGIN_ID and ADMIN_PASSWORD)');
    }
  });

  let closeMetrics: (() => Promise<void>) | null = null;
  const close = async (signal: string) => {
    app.log.info(`${signal}: 종료합니다 (shutting down)`);
    await closeMetrics?.();
    await app.close();
    await database.close();
    await unmark?.();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  exitOnFatalErrors({
    log: app.log,
    close: async () => {
      await app.close();
      await database.close();
      await unmark?.();
    },
  });

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics) closeMetrics = await built.listenMetrics(config.metrics);
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const lines = [``, `  학원 CRM ${config.version} — ${url}`, `  데이터베이스: ${database.kind === 'pglite' ? `PGlite (${config.dataDir})` : 'PostgreSQL'}`];
  if (config.demoData) {
    lines.push(`  데모 계정 (demo accounts):`);
    // Pad the ASCII column: Hangul is two columns wide in a terminal, so padding the roles misaligns.
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${`${a.loginId} / ${a.password}`.padEnd(28)}${a.role}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('서버를 시작하지 못했습니다 (failed to start):', err);
  }
  process.exit(1);
});
