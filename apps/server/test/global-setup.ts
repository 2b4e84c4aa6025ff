import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { createPglite } from '../src/db/pglite-open.ts';

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  export interface ProvidedContext {
    /** A file with a migrated PGlite data directory (dumpDataDir): each test database starts from it (null on PostgreSQL). */
    pgliteTemplate: string | null;
    /** On TEST_DATABASE_URL's server: a migrated database that each test database is created from (CREATE DATABASE … TEMPLATE). */
    pgTemplate: string | null;
  }
}

/**
 * Migrates once per test run (issue 36). A fresh PGlite cluster plus the migrations cost about
 * 3–4 s per test file; loading the dumped, migrated one costs under 1 s. On PostgreSQL a template
 * database is cloned by the server itself, without running a migration per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  // On PostgreSQL no test database is a PGlite one (test/harness.ts), so only that template is made.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'academy-template-'));
  let file: string | null = null;
  if (!base) {
    file = path.join(dir, 'pglite.tar');
    const pglite = await createPglite(undefined);
    await migrate(drizzle(pglite), { migrationsFolder: path.join(import.meta.dirname, '..', 'drizzle') });
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    await pglite.close();
  }
  project.provide('pgliteTemplate', file);

  let pgTemplate: string | null = null;
  if (base) {
    pgTemplate = `tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(base, `create database ${pgTemplate}`);
    const url = new URL(base);
    url.pathname = `/${pgTemplate}`;
    // Two connections: one holds the start-up lock while the other migrates.
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await database.close();
  }
  project.provide('pgTemplate', pgTemplate);

  return async () => {
    await rm(dir, { recursive: true, force: true });
    if (base && pgTemplate) await admin(base, `drop database if exists ${pgTemplate} with (force)`);
  };
}

async function admin(base: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
