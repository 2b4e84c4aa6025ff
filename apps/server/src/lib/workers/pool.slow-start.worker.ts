import { serveTasks } from './worker.ts';

/** A worker for pool.test.ts whose code takes 800 ms to load, as a thread starting on a busy machine does. */
const until = Date.now() + 800;
while (Date.now() < until) Math.sqrt(Math.random());

serveTasks<number, number>((value) => value);
