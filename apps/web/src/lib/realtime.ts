import { type AnyTopicSpec, checkTopicEvent, type Topic, type TopicEvent } from '@academy/contracts/realtime';
import { useEffect, useRef, useState } from 'react';
import { sessionFetch } from './http.ts';

/**
 * The client of the push channel (`GET /api/realtime/events`, contracts/realtime.ts). The stream
 * needs the bearer token, so it is read with `fetch` and a stream reader (through `sessionFetch`:
 * one refresh-and-retry on 401), not with EventSource. When it breaks it reconnects with a growing
 * delay and sends the last event id it saw as `after`, so the server replays what was missed.
 *
 *   const status = useRealtime([lectureTopic.of(id)], (e) => { if (e.type === 'score') e.data … });
 */

/** One event as the stream frames it: `id:`, `event:` and `data:` lines, ended by a blank line. */
export type StreamFrame = { id: string | null; event: string; data: string };

/**
 * Reads `text/event-stream` text chunk by chunk (a chunk may end in the middle of a line or of a
 * multi-byte character — decode with `TextDecoder({ stream: true })` before feeding). Comments
 * (`: ping`) are skipped; several `data:` lines join with a new line; a frame without data is not
 * an event.
 */
export class EventStreamParser {
  private buffer = '';
  private id: string | null = null;
  private event = '';
  private data: string[] = [];

  feed(chunk: string): StreamFrame[] {
    this.buffer += chunk;
    const out: StreamFrame[] = [];
    for (;;) {
      const m = /\r\n|\r|\n/.exec(this.buffer);
      // A lone \r at the very end may be the first half of \r\n: wait for the next chunk.
      if (!m || (m[0] === '\r' && m.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, m.index);
      this.buffer = this.buffer.slice(m.index + m[0].length);
      const frame = this.line(line);
      if (frame) out.push(frame);
    }
    return out;
  }

  private line(line: string): StreamFrame | null {
    if (line === '') {
      const frame = this.data.length ? { id: this.id, event: this.event || 'message', data: this.data.join('\n') } : null;
      this.id = null;
      this.event = '';
      this.data = [];
      return frame;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** An event handed to the page: its id, type (`score`, `lock` …, or `ready`), topic and payload. */
export type RealtimeMessage = { id: number | null; type: string; topic: string | null; data: unknown };

/** `ready` (sent by the server after catching up) carries what the page needs to know about the gap. */
export type ReadyInfo = {
  /** A second or later connection. */
  reconnect: boolean;
  /** The server was asked for what this client missed (`after` was sent). When false after a reconnect, refetch. */
  resumed: boolean;
};

export type RealtimeStatus = 'connecting' | 'live' | 'retrying' | 'off';

/** The delay before the n-th consecutive retry (0-based): 1 s, 2 s, 4 s … at most 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

/** The stream's address: the topics, and the last seen id when there is one. */
export function streamUrl(topics: readonly string[], after: number | null): string {
  const qs = new URLSearchParams({ topics: topics.join(',') });
  if (after !== null) qs.set('after', String(after));
  return `/api/realtime/events?${qs.toString()}`;
}

/** The payload of a frame: the server sends the whole event `{ id, topic, type, data }` as JSON. */
export function messageOf(frame: StreamFrame): RealtimeMessage {
  let parsed: unknown = frame.data;
  try {
    parsed = JSON.parse(frame.data);
  } catch {
    // Not JSON: hand the text over as it is.
  }
  const id = frame.id !== null && /^\d+$/.test(frame.id) ? Number(frame.id) : null;
  if (parsed && typeof parsed === 'object' && 'type' in parsed && 'data' in parsed) {
    const e = parsed as { topic?: unknown; data: unknown };
    return { id, type: frame.event, topic: typeof e.topic === 'string' ? e.topic : null, data: e.data };
  }
  return { id, type: frame.event, topic: null, data: parsed };
}

export type ConnectOptions = {
  topics: readonly string[];
  onEvent: (m: RealtimeMessage, ready?: ReadyInfo) => void;
  onStatus?: (s: RealtimeStatus) => void;
  /** Injected in tests. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  schedule?: (fn: () => void, ms: number) => () => void;
};

/**
 * Keeps one stream open until `close()`: reads frames, remembers the last id, and after a failure
 * (network, 5xx, the stream ending) waits `backoffDelay(attempt)` and reconnects with `after`.
 * A 4xx answer (no access, bad topic, session over) stops it.
 */
export function connectRealtime(opts: ConnectOptions): { close: () => void; lastId: () => number | null } {
  const doFetch = opts.fetch ?? ((url, init) => sessionFetch(url, init));
  const schedule = opts.schedule ?? ((fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  });
  let lastId: number | null = null;
  let attempt = 0;
  let connections = 0;
  let closed = false;
  let abort: AbortController | null = null;
  let cancelTimer: (() => void) | null = null;
  const status = (s: RealtimeStatus) => opts.onStatus?.(s);

  const retry = () => {
    if (closed) return;
    status('retrying');
    const delay = backoffDelay(attempt);
    attempt += 1;
    cancelTimer = schedule(() => {
      cancelTimer = null;
      void open();
    }, delay);
  };

  async function open(): Promise<void> {
    if (closed) return;
    connections += 1;
    const reconnect = connections > 1;
    const resumed = lastId !== null;
    abort = new AbortController();
    status('connecting');
    let res: Response;
    try {
      res = await doFetch(streamUrl(opts.topics, lastId), { headers: { Accept: 'text/event-stream' }, signal: abort.signal });
    } catch {
      retry();
      return;
    }
    if (!res.ok || !res.body) {
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
        status('off');
        return;
      }
      retry();
      return;
    }
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const frame of parser.feed(decoder.decode(value, { stream: true }))) {
          const m = messageOf(frame);
          if (m.id !== null) lastId = m.id;
          if (m.type === 'ready') {
            const ready = m.data as { lastEventId?: unknown } | null;
            if (typeof ready?.lastEventId === 'number' && ready.lastEventId > 0 && lastId === null) lastId = ready.lastEventId;
            attempt = 0;
            status('live');
            opts.onEvent(m, { reconnect, resumed });
          } else opts.onEvent(m);
        }
      }
    } catch {
      // The stream broke (network, or close() aborted it).
    }
    retry();
  }

  void open();
  return {
    close: () => {
      closed = true;
      cancelTimer?.();
      abort?.abort();
      status('off');
    },
    lastId: () => lastId,
  };
}

/** An event of one of the followed topics, checked against its schema: `type` and `data` typed by the topic's spec. */
export type LiveEvent<S extends AnyTopicSpec> = TopicEvent<S> & { id: number | null; topic: string };

/** Whether a message is one of its topic's events with data matching the event's schema (else it is dropped, with a warning). */
export function isEventOf<S extends AnyTopicSpec>(spec: S, m: RealtimeMessage): m is RealtimeMessage & LiveEvent<S> {
  const checked = checkTopicEvent(spec, m.type, m.data);
  if (!checked.ok) console.warn(`실시간 이벤트를 버렸습니다: ${checked.message}`);
  return checked.ok;
}

/**
 * Follows topics (`lectureTopic.of(12)`, from contracts) while the component is mounted. Each
 * event is checked against its topic's schema and handed over typed; one that does not match is
 * dropped with a warning. `onEvent` and `onReady` may change between renders (the latest are
 * called); the stream reopens only when the topics change. Returns the connection status.
 */
export function useRealtime<S extends AnyTopicSpec>(topics: readonly Topic<S>[], onEvent: (e: LiveEvent<S>) => void, onReady?: (info: ReadyInfo) => void): RealtimeStatus {
  const handler = useRef({ onEvent, onReady, specs: new Map<string, S>() });
  handler.current = { onEvent, onReady, specs: new Map(topics.map((t) => [t.name, t.spec])) };
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const key = topics.map((t) => t.name).join(',');
  useEffect(() => {
    if (!key) return;
    const conn = connectRealtime({
      topics: key.split(','),
      onEvent: (m, ready) => {
        const h = handler.current;
        if (ready) return h.onReady?.(ready);
        const spec = m.topic === null ? undefined : h.specs.get(m.topic);
        if (spec && isEventOf(spec, m)) h.onEvent(m);
      },
      onStatus: setStatus,
    });
    return () => conn.close();
  }, [key]);
  return key ? status : 'off';
}
