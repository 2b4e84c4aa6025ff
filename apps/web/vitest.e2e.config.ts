import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each file runs its own server on a copy of the demo template (e2e/server.ts), so files run side
// by side: one per core unless E2E_WORKERS says otherwise.
const workers = Number(process.env.E2E_WORKERS) || availableParallelism();

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: workers,
    testTimeout: 60_000,
    hookTimeout: 200_000,
    // expect.poll waits for a DOM change or a reply; vitest's 1 s default is shorter than an upload
    // takes on a loaded machine (a PDF receipt's upload timed out there in CI).
    expect: { poll: { timeout: 20_000 } },
  },
});
