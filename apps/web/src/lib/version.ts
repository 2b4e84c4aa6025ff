import { compareVersions } from '@academy/contracts/format';
import { createStore } from './store.ts';

export const APP_VERSION: string = __APP_VERSION__;
export const VERSION_POLL_MS = 60_000;

/** Raised when the server serves a newer build than the one running in this tab. */
export const newVersionAvailable = createStore(false);

/** True when `served` is strictly newer than `running` (numeric, part by part: 1.10.0 > 1.9.9). */
export function isNewerVersion(args: { served: unknown; running: string }): boolean {
  if (typeof args.served !== 'string' || !/^\d+(\.\d+)*$/.test(args.served.trim())) return false;
  return compareVersions(args.served.trim(), args.running) > 0;
}

export async function checkVersion(fetchImpl: typeof fetch = (...a) => globalThis.fetch(...a)): Promise<void> {
  try {
    const res = await fetchImpl(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return;
    const body = (await res.json()) as { version?: unknown };
    if (isNewerVersion({ served: body.version, running: APP_VERSION })) newVersionAvailable.set(true);
  } catch {
    // SPEC §8: a failed version check is silently ignored.
  }
}

/** Checks at start and then every 60 s; returns the stop function. */
export function startVersionPoll(): () => void {
  void checkVersion();
  const timer = setInterval(() => void checkVersion(), VERSION_POLL_MS);
  return () => clearInterval(timer);
}
