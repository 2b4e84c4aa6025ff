import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Config } from '../../config.ts';

/**
 * Backups of a center's data: the database and, with the local storage driver, the stored files.
 *
 * - PostgreSQL: `pg_dump --format=custom` (from PATH; use the major version of the server or newer),
 *   which can run while the servers run. A restore replaces the product's schemas in one
 *   transaction (`pg_restore` piped into `psql --single-transaction`): stop the servers first.
 * - PGlite: the embedded database's own dump of its data folder (`dumpDataDir`), loaded back on
 *   restore. The embedded server must be stopped for both: PGlite is one process.
 * - Files: copied under `files/` with a SHA-256 of each in the manifest, checked after a restore.
 *   With the s3 driver the store keeps the files (use its versioning or replication).
 *
 * A backup is a folder: `manifest.json` (version, kind, rows per table, file hashes), the database
 * (`database.dump` or `pglite.tar.gz`) and `files/`.
 */
export type Manifest = {
  app: 'academy-crm';
  version: string;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  rows: Record<string, number>;
  files: Record<string, string>;
};

export class BackupError extends Error {}

const run = promisify(execFile);
const PID_FILE = 'server.pid';

/** The embedded server writes its pid here; backup and restore refuse while it lives. */
export async function markEmbeddedServer(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, PID_FILE);
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, String(process.pid));
  return () => rm(file, { force: true });
}

async function refuseWhileEmbeddedServerRuns(dataDir: string): Promise<void> {
  const file = path.join(dataDir, PID_FILE);
  if (!existsSync(file)) return;
  const pid = Number((await readFile(file, 'utf8')).trim());
  if (!Number.isInteger(pid) || pid === process.pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return;
  }
  throw new BackupError(`내장 데이터베이스 서버가 실행 중입니다 (pid ${pid}). 서버를 멈추고 다시 시도하세요 / the embedded server is running (pid ${pid}): stop it first`);
}

export async function backup(opts: { config: Config; out: string; now?: Date }): Promise<Manifest> {
  const { config } = opts;
  const out = path.resolve(opts.out);
  if (existsSync(out) && (await readdir(out)).length) throw new BackupError(`백업 폴더가 비어 있지 않습니다 / the backup folder is not empty: ${out}`);
  await mkdir(out, { recursive: true });
  const kind = config.databaseUrl ? 'postgres' : 'pglite';

  let rows: Record<string, number>;
  if (config.databaseUrl) {
    // The rows are counted in the very snapshot pg_dump reads, so the counts match the dump even
    // while the servers keep writing.
    const url = config.databaseUrl;
    rows = await withPg(url, async (query) => {
      await query('begin isolation level repeatable read read only');
      const [snap] = (await query("select 0 as n, pg_export_snapshot() as t")) as { t: string }[];
      const counted = await countRows(query);
      await run('pg_dump', ['--format=custom', '--no-owner', '--snapshot', snap!.t, '--file', path.join(out, 'database.dump'), '--dbname', url], { maxBuffer: 16 * 1024 * 1024 });
      await query('commit');
      return counted;
    });
  } else {
    await refuseWhileEmbeddedServerRuns(config.dataDir);
    const db = await openPglite(config.dataDir);
    try {
      rows = await countRows((text) => db.query<{ n: number; t: string }>(text).then((r) => r.rows));
      const dump = await db.dumpDataDir('gzip');
      await writeFile(path.join(out, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await db.close();
    }
  }

  const files = await copyFiles({ from: storageRoot(config), to: path.join(out, 'files') });
  const manifest: Manifest = { app: 'academy-crm', version: config.version, kind, createdAt: (opts.now ?? new Date()).toISOString(), rows, files };
  await writeFile(path.join(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Puts a backup back into the configured database and storage, then checks that every table has
 * the rows and every file the hash the manifest names. The current data is replaced.
 */
export async function restore(opts: { config: Config; from: string }): Promise<{ manifest: Manifest; rows: Record<string, number> }> {
  const { config } = opts;
  const from = path.resolve(opts.from);
  const manifest = JSON.parse(await readFile(path.join(from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.app !== 'academy-crm') throw new BackupError('이 제품의 백업이 아닙니다 / not a backup of this product');
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.kind !== kind) throw new BackupError(`백업은 ${manifest.kind}, 설정은 ${kind}입니다 / the backup is ${manifest.kind}, the configuration is ${kind}`);

  let rows: Record<string, number>;
  if (config.databaseUrl) {
    await restorePg(config.databaseUrl, path.join(from, 'database.dump'));
    rows = await withPg(config.databaseUrl, countRows);
  } else {
    await refuseWhileEmbeddedServerRuns(config.dataDir);
    const target = path.join(config.dataDir, 'pglite');
    // The current embedded database is kept beside it until the restored one has opened.
    const aside = `${target}.before-restore-${Date.now()}`;
    if (existsSync(target)) await rename(target, aside);
    try {
      const dump = await readFile(path.join(from, 'pglite.tar.gz'));
      const db = await PGlite.create(target, { extensions: { pg_trgm }, loadDataDir: new Blob([dump]) });
      try {
        rows = await countRows((text) => db.query<{ n: number; t: string }>(text).then((r) => r.rows));
      } finally {
        await db.close();
      }
      await rm(aside, { recursive: true, force: true });
    } catch (err) {
      await rm(target, { recursive: true, force: true });
      if (existsSync(aside)) await rename(aside, target);
      throw err;
    }
  }

  const root = storageRoot(config);
  if (root) {
    await rm(root, { recursive: true, force: true });
    await copyFiles({ from: path.join(from, 'files'), to: root });
    const restored = await hashFiles(root);
    for (const [name, hash] of Object.entries(manifest.files)) {
      if (restored[name] !== hash) throw new BackupError(`복원한 파일이 백업과 다릅니다 / a restored file differs from the backup: ${name}`);
    }
  }
  for (const [table, n] of Object.entries(manifest.rows)) {
    if (rows[table] !== n) throw new BackupError(`복원한 ${table}의 행 수(${rows[table]})가 백업(${n})과 다릅니다 / row count differs for ${table}`);
  }
  return { manifest, rows };
}

/**
 * The product's schemas are dropped and the dump loaded in one transaction: a restore that fails
 * half-way leaves the database as it was.
 */
async function restorePg(url: string, dump: string): Promise<void> {
  const prelude = 'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;';
  const restoreSql = spawn('pg_restore', ['--no-owner', '--file', '-', dump], { stdio: ['ignore', 'pipe', 'pipe'] });
  const psql = spawn('psql', ['-X', '-q', '--single-transaction', '-v', 'ON_ERROR_STOP=1', '--dbname', url, '-c', prelude, '-f', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
  restoreSql.stdout.pipe(psql.stdin);
  let errors = '';
  restoreSql.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  psql.stderr.on('data', (c: Buffer) => (errors += c.toString()));
  const exit = (p: ReturnType<typeof spawn>) => new Promise<number>((resolve, reject) => p.once('error', reject).once('close', (code) => resolve(code ?? 1)));
  const [a, b] = await Promise.all([exit(restoreSql), exit(psql)]);
  if (a !== 0 || b !== 0) throw new BackupError(`복원하지 못했습니다 (데이터베이스는 그대로입니다) / restore failed, the database is unchanged:\n${errors.slice(-2000)}`);
}

function storageRoot(config: Config): string | null {
  return config.storage?.driver === 's3' ? null : path.join(config.dataDir, 'storage');
}

function openPglite(dataDir: string): Promise<PGlite> {
  const dir = path.join(dataDir, 'pglite');
  if (!existsSync(dir)) throw new BackupError(`내장 데이터베이스가 없습니다 / no embedded database in ${dir}`);
  return PGlite.create(dir, { extensions: { pg_trgm } });
}

async function withPg<T>(url: string, fn: (query: (text: string) => Promise<{ n: number; t: string }[]>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn((text) => client.query<{ n: number; t: string }>(text).then((r) => r.rows));
  } finally {
    await client.end();
  }
}

/** Rows of every table of the product's schemas (the app's and the job system's). */
async function countRows(query: (text: string) => Promise<{ n: number; t: string }[]>): Promise<Record<string, number>> {
  const tables = await query(
    "select 0 as n, table_schema || '.' || table_name as t from information_schema.tables where table_schema in ('public', 'pgboss', 'drizzle') and table_type = 'BASE TABLE' order by 2",
  );
  const out: Record<string, number> = {};
  for (const { t } of tables) {
    const [schema, table] = t.split('.') as [string, string];
    const [row] = await query(`select count(*)::int as n, '' as t from "${schema.replaceAll('"', '""')}"."${table.replaceAll('"', '""')}"`);
    out[t] = Number(row?.n ?? 0);
  }
  return out;
}

async function copyFiles(opts: { from: string | null; to: string }): Promise<Record<string, string>> {
  await mkdir(opts.to, { recursive: true });
  if (!opts.from || !existsSync(opts.from)) return {};
  const hashes: Record<string, string> = {};
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(opts.from!, rel), { withFileTypes: true })) {
      const name = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        await mkdir(path.join(opts.to, name), { recursive: true });
        await walk(name);
      } else if (entry.isFile()) {
        await copyFile(path.join(opts.from!, name), path.join(opts.to, name));
        hashes[name.split(path.sep).join('/')] = await sha256(path.join(opts.to, name));
      }
    }
  };
  await walk('');
  return hashes;
}

async function hashFiles(root: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const walk = async (rel: string): Promise<void> => {
    if (!existsSync(path.join(root, rel))) return;
    for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
      const name = path.join(rel, entry.name);
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) hashes[name.split(path.sep).join('/')] = await sha256(path.join(root, name));
    }
  };
  await walk('');
  return hashes;
}

/** Streamed: recordings of several GB are hashed without holding them in memory. */
async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}
