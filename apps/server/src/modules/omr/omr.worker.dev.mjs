// Runs the TypeScript worker from source (tests, `npm run dev`): the bundled server starts the
// compiled omr.worker.js instead. tsx is registered in this thread because a worker does not
// inherit the main thread's loader.
import { register } from 'tsx/esm/api';

register();
await import('./omr.worker.ts');
