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

  it('keeps the job lease timing unless all three JOB_LEASE_* are set, renew < abort < stale', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).jobTiming).toEqual({});
    expect(loadConfig({ DATA_DIR: tmp(), JOB_LEASE_RENEW_SECONDS: '0.5', JOB_LEASE_ABORT_SECONDS: '1.5', JOB_LEASE_STALE_SECONDS: '3' }).jobTiming).toEqual({ renewSeconds: 0.5, sweepSeconds: 0.5, abortSeconds: 1.5, staleSeconds: 3 });
    expect(() => loadConfig({ DATA_DIR: tmp(), JOB_LEASE_STALE_SECONDS: '3' })).toThrow(/JOB_LEASE_RENEW_SECONDS/);
    expect(() => loadConfig({ DATA_DIR: tmp(), JOB_LEASE_RENEW_SECONDS: '5', JOB_LEASE_ABORT_SECONDS: '2', JOB_LEASE_STALE_SECONDS: '9' })).toThrow(ConfigError);
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
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: secret, DATABASE_URL: 'postgres://u@h/d', PUBLIC_URL: 'https://a.example' }).demoData).toBe(false);
  });

  it('builds SMS links from PUBLIC_URL: required in production, the listen address in development', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'postgres://u@h/d' };
    expect(() => loadConfig(prod)).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ ...prod, PUBLIC_URL: 'https://academy.example.kr/' }).publicUrl).toBe('https://academy.example.kr');
    expect(loadConfig({ DATA_DIR: tmp(), PORT: '4100' }).publicUrl).toBe('http://127.0.0.1:4100');
    expect(loadConfig({ DATA_DIR: tmp(), HOST: '0.0.0.0' }).publicUrl).toBe('http://127.0.0.1:3000');
  });

  it('trusts no proxy unless TRUST_PROXY names it (IPs or CIDRs)', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).trustProxy).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.5, 172.28.0.0/16,::1' }).trustProxy).toEqual(['10.0.0.5', '172.28.0.0/16', '::1']);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ DATA_DIR: tmp(), TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});
