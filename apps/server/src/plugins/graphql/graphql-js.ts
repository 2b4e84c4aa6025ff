import { createRequire } from 'node:module';

/**
 * graphql-js as CommonJS loads it. Vitest resolves a plain `import 'graphql'` to the package's ESM
 * build, a second instance whose types the CommonJS copy (which the test clients load) refuses
 * ("from another module or realm"); requiring it here gives every caller the one instance.
 */
const require = createRequire(import.meta.url);
export const graphql = require('graphql') as typeof import('graphql');
/** Variable and argument coercion, exactly as graphql-js's own execution does it (execute.ts). */
export const graphqlValues = require('graphql/execution/values') as typeof import('graphql/execution/values');
