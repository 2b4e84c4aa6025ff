import { exitOnFatalErrors } from './fatal.ts';

/**
 * A process for fatal.test.ts: it keeps a server-like timer alive, installs the fatal handlers as
 * main.ts does, then fails the way argv[2] says (`throw` in a callback, or `reject` unawaited).
 */
const keepAlive = setInterval(() => {}, 1_000);
exitOnFatalErrors({
  log: { fatal: (obj, msg) => console.error(JSON.stringify({ level: 'fatal', msg, err: String((obj as { err: Error }).err.message) })) },
  close: async () => {
    clearInterval(keepAlive);
    console.log('closed');
  },
});
console.log('started');
if (process.argv[2] === 'throw') {
  setTimeout(() => {
    throw new Error('boom in a callback');
  }, 10);
} else {
  void Promise.reject(new Error('nobody awaited this'));
}
