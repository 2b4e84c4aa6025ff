// Runs a TypeScript worker from source (tests, `npm run dev`): the bundled server starts the
// compiled worker beside dist/main.js instead. tsx is registered in this thread because a worker
// does not inherit the main thread's loader. The worker's own file is the first argument.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
