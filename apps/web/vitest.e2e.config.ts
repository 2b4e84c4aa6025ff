import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 200_000,
    // expect.poll waits for a DOM change or a reply; vitest's 1 s default is shorter than an upload
    // takes on a loaded machine (a PDF receipt's upload timed out there in CI).
    expect: { poll: { timeout: 20_000 } },
  },
});
