import type { RealtimeEvent } from '@academy/contracts/realtime';

/**
 * Reads a server-sent event stream as a browser would (fetch + body reader): every parsed event is
 * handed to the waiters. Tests wait for a matching event, not for a time.
 */
export type EventStream = {
  events: RealtimeEvent[];
  /** Resolves with the first event (seen or coming) that matches. */
  next: (match: (e: RealtimeEvent) => boolean) => Promise<RealtimeEvent>;
  /** Resolves once the server said catch-up is over (`event: ready`). */
  ready: Promise<void>;
  /** Resolves when the stream ends: the server closed it, or `close()`. */
  ended: Promise<void>;
  close: () => void;
};

export async function openEventStream(url: string, token: string): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  if (!res.ok || !res.body) throw new Error(`event stream ${res.status}: ${await res.text()}`);
  const events: RealtimeEvent[] = [];
  const waiters: { match: (e: RealtimeEvent) => boolean; resolve: (e: RealtimeEvent) => void }[] = [];
  let markReady: () => void = () => {};
  const ready = new Promise<void>((r) => (markReady = r));
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((r) => (markEnded = r));
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type === 'ready') markReady();
          if (!type || !data || type === 'ready') continue;
          const e = JSON.parse(data) as RealtimeEvent;
          events.push(e);
          for (const w of [...waiters]) {
            if (w.match(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // aborted by close()
    } finally {
      markEnded();
    }
  })();
  return {
    events,
    ready,
    ended,
    next: (match) => {
      const seen = events.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => controller.abort(),
  };
}
