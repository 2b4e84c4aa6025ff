import { createStore } from './store.ts';

/** SPEC §2: raised when the browser goes offline or a request fails at the network level; drops after 2 s. */
export const networkDisconnected = createStore(false);
export const DISCONNECT_TOAST_MS = 2000;

let timer: ReturnType<typeof setTimeout> | undefined;

export function flagDisconnected(): void {
  networkDisconnected.set(true);
  clearTimeout(timer);
  timer = setTimeout(() => networkDisconnected.set(false), DISCONNECT_TOAST_MS);
}

export function watchOnlineStatus(): () => void {
  const onOffline = () => flagDisconnected();
  window.addEventListener('offline', onOffline);
  return () => window.removeEventListener('offline', onOffline);
}
