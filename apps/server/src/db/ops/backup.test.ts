import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig, type Config } from '../../config.ts';
import { openDatabase } from '../client.ts';
import { seedDemo } from '../seed/demo.ts';
import { backup, BackupError, markEmbeddedServer, restore } from './backup.ts';

/**
 * A backup taken of the demo center, the data wiped, the backup restored: every table has its rows
 * again and every stored file its bytes, and the center works (an admin signs in, a file opens).
 * On PGlite always, on PostgreSQL with TEST_DATABASE_URL.
 */
const base = process.env.TEST_DATABASE_URL;
const dirs: string[] = [];
const temp = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function admin(text: string) {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(text);
  await c.end();
}

/** Starts the server on the configuration, runs `fn` against it, stops it. */
async function withServer<T>(config: Config, fn: (built: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const built = await buildApp({ config, database, logger: false, webDist: null });
  try {
    return await fn(built);
  } finally {
    await built.app.close();
    await database.close();
  }
}

async function signIn(built: Awaited<ReturnType<typeof buildApp>>) {
  const res = await built.app.inject({ method: 'POST', url: '/api/auth/login', payload: { loginId: 'admin', password: 'admin1234!' } });
  return res.statusCode;
}

async function roundTrip(config: Config, wipe: () => Promise<void>) {
  const before = await withServer(config, async (built) => {
    await seedDemo(built);
    expect(await signIn(built)).toBe(200);
  });
  void before;
  const out = path.join(temp('academy-backup-out-'), 'b1');
  const manifest = await backup({ config, out });
  expect(manifest.rows['public.users']).toBeGreaterThan(10);
  expect(Object.keys(manifest.files).length).toBeGreaterThan(0);

  await wipe();
  rmSync(path.join(config.dataDir, 'storage'), { recursive: true, force: true });
  await withServer(config, async (built) => {
    // The wiped center is empty: nobody can sign in.
    expect(await signIn(built)).toBe(401);
  });

  const { rows } = await restore({ config, from: out });
  expect(rows).toEqual(manifest.rows);
  await withServer(config, async (built) => {
    expect(await signIn(built)).toBe(200);
  });
  return manifest;
}

describe('backup and restore', () => {
  it('PGlite: backs up, wipes, restores; rows and file hashes match and the center works', async () => {
    const dataDir = temp('academy-backup-');
    const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, JWT_SECRET: 'backup-test-secret-backup-test-secret-0001', DEMO_DATA: 'true' }), logLevel: 'silent' };
    await roundTrip(config, async () => rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true }));
    // Nothing of the replaced database is left lying beside the restored one.
    expect(readdirSync(dataDir).filter((f) => f.includes('before-restore'))).toEqual([]);
  }, 180_000);

  it('PGlite: refuses while the embedded server runs, and a non-empty target folder', async () => {
    const dataDir = temp('academy-backup-busy-');
    const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'backup-test-secret-backup-test-secret-0001' }), logLevel: 'silent' };
    await withServer(config, async () => {});
    const unmark = await markEmbeddedServer(dataDir);
    // The mark of this very process does not block; another live process's does.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
    await expect(backup({ config, out: path.join(temp('academy-backup-out-'), 'x') })).rejects.toThrow(BackupError);
    await unmark();
    const full = temp('academy-backup-full-');
    writeFileSync(path.join(full, 'something'), 'x');
    await expect(backup({ config, out: full })).rejects.toThrow(/not empty/);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 60_000);

  it.runIf(base)('PostgreSQL: backs up with pg_dump, wipes, restores with pg_restore; rows and file hashes match', async () => {
    const name = `t_backup_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(base!);
    url.pathname = `/${name}`;
    const dataDir = temp('academy-backup-pg-');
    const config = { ...loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: url.toString(), JWT_SECRET: 'backup-test-secret-backup-test-secret-0001', DEMO_DATA: 'true' }), logLevel: 'silent' };
    try {
      await roundTrip(config, async () => {
        await admin(`drop database ${name} with (force)`);
        await admin(`create database ${name}`);
      });
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  }, 180_000);
});
