const RELOAD_KEY = 'academy:lastAutoReload';
const MIN_GAP_MS = 10_000;

let pending = false;

/** True once a reload has been scheduled in this page; later errors need not schedule another. */
export function isReloadPending(): boolean {
  return pending;
}

/**
 * Reloads the page unless this tab already did so in the last 10 s, so a page that fails on every
 * load cannot spin forever. Returns whether a reload was scheduled.
 */
export function reloadOnce(args: { delayMs: number; now?: number; storage?: Pick<Storage, 'getItem' | 'setItem'> }): boolean {
  const now = args.now ?? Date.now();
  const storage = args.storage ?? safeSessionStorage();
  const last = Number(storage?.getItem(RELOAD_KEY) ?? 0);
  if (Number.isFinite(last) && now - last < MIN_GAP_MS) return false;
  storage?.setItem(RELOAD_KEY, String(now));
  pending = true;
  setTimeout(() => window.location.reload(), args.delayMs);
  return true;
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

let waitingForNetwork = false;

/**
 * Reloading while offline only swaps the app for the browser's error page, so a failure that happened
 * offline reloads once the connection is back. Returns true while it waits.
 */
export function reloadWhenBackOnline(): boolean {
  if (typeof navigator === 'undefined' || navigator.onLine) return false;
  if (!waitingForNetwork) {
    waitingForNetwork = true;
    window.addEventListener('online', () => window.location.reload(), { once: true });
  }
  return true;
}
