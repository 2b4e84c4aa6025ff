import { defineConfig } from 'vitest/config';

/** Tests of the repository's own tooling (lint rules), run as the `tools` suite of `npm test`. */
export default defineConfig({ test: { include: ['**/*.test.ts'], testTimeout: 60_000 } });
