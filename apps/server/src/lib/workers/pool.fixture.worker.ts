import { TaskError, serveTasks } from './worker.ts';

/** A worker for pool.test.ts: echoes, fails, eats memory without end, or spins the CPU. */
export type FixtureTask = { kind: 'echo'; value: number } | { kind: 'fail' } | { kind: 'hog' } | { kind: 'spin' };

serveTasks<FixtureTask, number>((task) => {
  if (task.kind === 'echo') return task.value;
  if (task.kind === 'fail') throw new TaskError('nope', 'refused on purpose');
  if (task.kind === 'hog') {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i * 1.5));
  }
  for (;;) Math.sqrt(Math.random());
});
