/**
 * What the process does when an error escapes every handler (an uncaught exception, a rejected
 * promise nobody awaited): log it, try for a short while to stop taking requests and let the
 * database go, then exit with code 1. A process in an unknown state must not keep answering; the
 * supervisor (systemd `Restart=always`, Docker `restart: unless-stopped`, see deploy/) starts a
 * fresh one. Installed once by main.ts.
 */
export type FatalLog = { fatal: (obj: object, msg: string) => void };

export function exitOnFatalErrors(opts: {
  log: FatalLog;
  /** Best-effort shutdown (close the listener, the database); cut short after `graceMs`. */
  close: () => Promise<void>;
  graceMs?: number;
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
}): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let exiting = false;
  const die = (kind: 'uncaughtException' | 'unhandledRejection', err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    opts.log.fatal({ err: error, kind }, `치명적 오류로 종료합니다. 감시 프로그램이 다시 시작합니다 (fatal ${kind}: exiting so the supervisor restarts the server)`);
    if (exiting) return;
    exiting = true;
    const timer = setTimeout(() => exit(1), opts.graceMs ?? 5_000);
    timer.unref();
    opts.close().then(
      () => exit(1),
      () => exit(1),
    );
  };
  process.on('uncaughtException', (err) => die('uncaughtException', err));
  process.on('unhandledRejection', (reason) => die('unhandledRejection', reason));
}
