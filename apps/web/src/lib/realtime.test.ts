import { lectureTopic } from '@academy/contracts/lectures';
import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectRealtime, EventStreamParser, isEventOf, messageOf, type RealtimeMessage, type ReadyInfo, type RealtimeStatus, streamUrl } from './realtime.ts';

describe('EventStreamParser', () => {
  it('reads id, event and data lines and skips comments', () => {
    const p = new EventStreamParser();
    const frames = p.feed(': connected\n\nid: 7\nevent: score\ndata: {"a":1}\n\n: ping\n\nevent: ready\ndata: {"lastEventId":7}\n\n');
    expect(frames).toEqual([
      { id: '7', event: 'score', data: '{"a":1}' },
      { id: null, event: 'ready', data: '{"lastEventId":7}' },
    ]);
  });

  it('keeps a frame split across chunks, even inside a line or a \\r\\n pair', () => {
    const p = new EventStreamParser();
    expect(p.feed('id: 1\r\nev')).toEqual([]);
    expect(p.feed('ent: lock\r\ndata: {"x"')).toEqual([]);
    expect(p.feed(':2}\r')).toEqual([]);
    expect(p.feed('\n\r')).toEqual([]);
    expect(p.feed('\n')).toEqual([{ id: '1', event: 'lock', data: '{"x":2}' }]);
  });

  it('joins several data lines, defaults the event name, and ignores a frame without data', () => {
    const p = new EventStreamParser();
    expect(p.feed('data: a\ndata:b\n\nid: 3\nevent: x\n\n')).toEqual([{ id: null, event: 'message', data: 'a\nb' }]);
  });
});

describe('messageOf', () => {
  it('unwraps the server event envelope and reads the numeric id', () => {
    const m = messageOf({ id: '12', event: 'score', data: JSON.stringify({ id: 12, topic: 'lecture:3', type: 'score', data: { examId: 1 } }) });
    expect(m).toEqual({ id: 12, type: 'score', topic: 'lecture:3', data: { examId: 1 } });
  });

  it('passes other payloads through', () => {
    expect(messageOf({ id: null, event: 'ready', data: '{"lastEventId":0}' })).toEqual({ id: null, type: 'ready', topic: null, data: { lastEventId: 0 } });
  });
});

describe('reconnect bookkeeping', () => {
  it('grows the delay and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('builds the address with the topics and the last id', () => {
    expect(streamUrl(['lecture:1', 'lecture:2'], null)).toBe('/api/realtime/events?topics=lecture%3A1%2Clecture%3A2');
    expect(streamUrl(['lecture:1'], 42)).toBe('/api/realtime/events?topics=lecture%3A1&after=42');
  });

  /** A fake server: each connection gets a stream the test writes to and ends. */
  function harness() {
    const encoder = new TextEncoder();
    const requests: string[] = [];
    const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
    const timers: { fn: () => void; ms: number }[] = [];
    const events: { m: RealtimeMessage; ready?: ReadyInfo }[] = [];
    const statuses: RealtimeStatus[] = [];
    let answer: (() => Response) | null = null;
    const conn = connectRealtime({
      topics: ['lecture:5'],
      onEvent: (m, ready) => events.push({ m, ready }),
      onStatus: (s) => statuses.push(s),
      fetch: async (url) => {
        requests.push(url);
        if (answer) return answer();
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      },
      schedule: (fn, ms) => {
        const t = { fn, ms };
        timers.push(t);
        return () => timers.splice(timers.indexOf(t), 1);
      },
    });
    const flush = () => new Promise((r) => setTimeout(r, 0));
    return {
      conn, requests, timers, events, statuses,
      send: async (text: string) => {
        streams.at(-1)!.enqueue(encoder.encode(text));
        await flush();
      },
      end: async () => {
        streams.at(-1)!.close();
        await flush();
      },
      fireTimer: async () => {
        const t = timers.shift()!;
        t.fn();
        await flush();
        return t.ms;
      },
      answerWith: (f: (() => Response) | null) => void (answer = f),
      flush,
    };
  }

  it('resumes after the last id, backs off while the server is down, and resets once live', async () => {
    const h = harness();
    await h.flush();
    expect(h.requests).toEqual(['/api/realtime/events?topics=lecture%3A5']);
    await h.send('event: ready\ndata: {"lastEventId":0}\n\n');
    expect(h.events[0]).toEqual({ m: { id: null, type: 'ready', topic: null, data: { lastEventId: 0 } }, ready: { reconnect: false, resumed: false } });
    await h.send('id: 9\nevent: score\ndata: {"id":9,"topic":"lecture:5","type":"score","data":{"examId":1,"userId":2}}\n\n');
    expect(h.events[1]!.m).toEqual({ id: 9, type: 'score', topic: 'lecture:5', data: { examId: 1, userId: 2 } });
    expect(h.conn.lastId()).toBe(9);

    // The stream ends: retry after 1 s, asking for what came after 9.
    await h.end();
    expect(h.statuses.at(-1)).toBe('retrying');
    h.answerWith(() => new Response('down', { status: 503 }));
    expect(await h.fireTimer()).toBe(1000);
    expect(h.requests.at(-1)).toBe('/api/realtime/events?topics=lecture%3A5&after=9');
    // Still down: the delay grows.
    expect(await h.fireTimer()).toBe(2000);
    h.answerWith(null);
    expect(await h.fireTimer()).toBe(4000);
    expect(h.requests.at(-1)).toBe('/api/realtime/events?topics=lecture%3A5&after=9');
    await h.send('event: ready\ndata: {"lastEventId":9}\n\n');
    expect(h.events.at(-1)!.ready).toEqual({ reconnect: true, resumed: true });
    expect(h.statuses.at(-1)).toBe('live');

    // Live again: the next break starts from 1 s.
    await h.end();
    expect(h.timers[0]!.ms).toBe(1000);
    h.conn.close();
    expect(h.timers).toHaveLength(0);
    expect(h.statuses.at(-1)).toBe('off');
  });

  it('stops on a 4xx answer (no access to the topic)', async () => {
    const h = harness();
    await h.flush();
    await h.end();
    h.answerWith(() => new Response('{"code":"realtime.topic_forbidden"}', { status: 403 }));
    await h.fireTimer();
    expect(h.timers).toHaveLength(0);
    expect(h.statuses.at(-1)).toBe('off');
  });

  it('a reconnect without any id seen is not resumed (the page refetches)', async () => {
    const h = harness();
    await h.flush();
    await h.end();
    await h.fireTimer();
    expect(h.requests.at(-1)).toBe('/api/realtime/events?topics=lecture%3A5');
    await h.send('event: ready\ndata: {"lastEventId":0}\n\n');
    expect(h.events.at(-1)!.ready).toEqual({ reconnect: true, resumed: false });
    h.conn.close();
  });
});

describe('isEventOf', () => {
  it('hands over an event of the topic typed by its schema, and drops one that does not match', () => {
    const lock = { examId: 1, userId: 2, holderId: 3, holderName: '박조교', expiresAt: '2026-11-23T10:00:00.000Z' };
    const good = { id: 5, type: 'lock', topic: 'lecture:1', data: lock };
    expect(isEventOf(lectureTopic, good)).toBe(true);
    if (isEventOf(lectureTopic, good) && good.type === 'lock') expect(good.data.holderName).toBe('박조교');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(isEventOf(lectureTopic, { ...good, data: { ...lock, examId: 'x' } })).toBe(false);
    expect(isEventOf(lectureTopic, { ...good, type: 'seats' })).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
