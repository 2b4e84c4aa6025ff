import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // @refinedev/graphql's ESM build imports 'lodash/set' without an extension, which Node's ESM
    // loader refuses; inlined, Vite resolves it as the browser build does.
    server: { deps: { inline: ['@refinedev/graphql'] } },
  },
});
