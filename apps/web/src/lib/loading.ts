import { createStore } from './store.ts';

/** SPEC §2: the full-screen overlay shows while this flag is set or a tracked request is pending. */
export const globalLoading = createStore(false);
export const pendingRequests = createStore<readonly string[]>([]);

let seq = 0;

export function trackRequest(label: string): () => void {
  const id = `${++seq}:${label}`;
  pendingRequests.set((list) => [...list, id]);
  return () => pendingRequests.set((list) => list.filter((x) => x !== id));
}
