import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per run into a template that each test database starts from.
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    // Files share a worker's module graph: each file's app and database are still its own
    // (test/harness.ts), but the server's modules are loaded once per worker, not once per file.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
