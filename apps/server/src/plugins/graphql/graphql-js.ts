import { createRequire } from 'node:module';

/**
 * graphql-js as mercurius (CommonJS) loads it. Vitest resolves a plain `import 'graphql'` to the
 * package's ESM build, a second instance whose types mercurius's copy refuses ("from another module
 * or realm"); requiring it here gives every caller the one instance.
 */
const require = createRequire(import.meta.url);
export const graphql = require('graphql') as typeof import('graphql');
