import { TaskError, serveTasks } from './worker.ts';

/**
 * A worker for pool.test.ts: echoes, fails, eats heap or ArrayBuffers (outside the V8 heap, as
 * inflated PDF streams are) without end, spins the CPU, or echoes bytes back.
 */
export type FixtureTask = { kind: 'echo'; value: number } | { kind: 'fail' } | { kind: 'hog' } | { kind: 'buffers' } | { kind: 'spin' } | { kind: 'bytes'; bytes: Uint8Array };

serveTasks<FixtureTask, number>((task) => {
  if (task.kind === 'echo') return task.value;
  if (task.kind === 'bytes') return task.bytes.reduce((a, b) => a + b, 0);
  if (task.kind === 'buffers') {
    const kept: Buffer[] = [];
    for (;;) kept.push(Buffer.alloc(32 * 1024 * 1024, 1));
  }
  if (task.kind === 'fail') throw new TaskError('nope', 'refused on purpose');
  if (task.kind === 'hog') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i * 1.5));
  }
  for (;;) Math.sqrt(Math.random());
});
