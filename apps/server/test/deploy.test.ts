import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../src/config.ts';

/**
 * The reference deployment (deploy/docker-compose.yml and the Dockerfile) cannot be started here
 * (no container engine), so its configuration is checked: what it promises in the README must be
 * in the files, and its app settings must make a configuration the server accepts.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = parse(readFileSync(path.join(root, 'deploy/docker-compose.yml'), 'utf8')) as {
  services: Record<string, { image?: string; restart?: string; environment?: Record<string, string>; healthcheck?: { test: string[] }; depends_on?: Record<string, unknown>; stop_grace_period?: string }>;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');

describe('reference deployment', () => {
  it('runs two app instances behind a proxy on one PostgreSQL and one S3 store, restarted when they stop', () => {
    const s = compose.services;
    expect(Object.keys(s)).toEqual(expect.arrayContaining(['app1', 'app2', 'proxy', 'postgres', 'minio']));
    for (const name of ['app1', 'app2']) {
      const app = s[name]!;
      expect(app.restart).toBe('unless-stopped');
      expect(app.stop_grace_period).toBe('30s');
      expect(app.healthcheck?.test.join(' ')).toContain('/api/ready');
      expect(app.environment).toMatchObject({ NODE_ENV: 'production', STORAGE_DRIVER: 's3', HOST: '0.0.0.0' });
      expect(app.environment!.DATABASE_URL).toContain('@postgres:5432/academy');
      expect(Object.keys(app.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres', 'minio-init']));
    }
    // Both instances get the very same settings.
    expect(s.app1!.environment).toEqual(s.app2!.environment);
    expect(s.proxy!.restart).toBe('unless-stopped');
    const nginx = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
    expect(nginx).toMatch(/server app1:3000[\s\S]*server app2:3000/);
    expect(nginx).toMatch(/location \/api\/realtime\/[\s\S]*proxy_buffering off/);
  });

  it('its settings make a valid production configuration', () => {
    const env = Object.fromEntries(
      Object.entries(compose.services.app1!.environment!).map(([k, v]) => [k, String(v).replace(/\$\{[^}]+\}/g, (m) => sample(m))]),
    );
    const config = loadConfig(env);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toContain('postgres:5432');
    expect(config.storage).toMatchObject({ driver: 's3', bucket: 'academy-files' });
    expect(config.metrics).toEqual({ port: 9100, host: '0.0.0.0' });
    expect(config.trustProxy).toEqual(['172.28.0.0/16']);
    expect(config.publicUrl).toBe('https://academy.example.com');
  });

  it('builds in stages and runs as an unprivileged user with a health check', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/ready/m);
    expect(dockerfile).toMatch(/--omit=dev/);
  });

  it('starts the built server with source maps, in the image and with npm start', () => {
    // Stack traces then name the TypeScript sources, and the bundle runs lighter: without its map
    // loaded, the server's young objects survived its collections ten times as much (docs/DECISIONS.md).
    expect(dockerfile).toMatch(/^CMD \["node", "--enable-source-maps", "apps\/server\/dist\/main\.js"\]$/m);
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toMatch(/node --enable-source-maps apps\/server\/dist\/main\.js/);
  });
});

/** A plausible value for `${NAME:?message}` placeholders. */
function sample(placeholder: string): string {
  const name = /\$\{(\w+)/.exec(placeholder)![1]!;
  const fallback = /:-([^}]*)\}$/.exec(placeholder)?.[1];
  if (fallback) return fallback;
  if (name === 'JWT_SECRET') return 'x'.repeat(48);
  if (name.endsWith('URL') || name.endsWith('ENDPOINT')) return 'https://academy.example.com';
  return `${name.toLowerCase()}-value`;
}
