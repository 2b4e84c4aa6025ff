import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'academy-config-'));

describe('loadConfig', () => {
  it('defaults to PGlite in ./data with demo data, port 3000 on 127.0.0.1, and a generated secret kept in DATA_DIR', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: undefined, demoData: true });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(c.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(c.jwtSecret);
  });

  it('turns demo data off by default on a real PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@localhost/db' }).demoData).toBe(false);
    expect(loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@localhost/db', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  it('fails fast in Korean and English on bad values', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/설정 오류 \/ Invalid configuration[\s\S]*PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ADMIN_LOGIN_ID: 'boss' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('requires JWT_SECRET and forbids demo data in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/d' })).toThrow(/JWT_SECRET/);
    const secret = 'x'.repeat(40);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATA_DIR: tmp() })).toThrow(/DEMO_DATA/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATABASE_URL: 'postgres://u@h/d' }).demoData).toBe(false);
  });
});
