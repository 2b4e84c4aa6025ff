import { loadavg } from 'node:os';
import { addDays, kstToday } from '@academy/contracts/dates';
import { clinicTopic } from '@academy/contracts/clinic';
import { openEventStream } from '../../test/event-stream.ts';
import { startInstance } from '../../test/instances.ts';
import type { BenchEnv, CustomResult, Scenario } from '../types.ts';

const json = { 'content-type': 'application/json' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/**
 * A day no earlier bench run used (runs leave their slots behind on the bench database), so every
 * run's students start without a booking that day.
 */
async function freshDay(env: BenchEnv): Promise<string> {
  const [row] = await env.driver.query<{ last: string | null }>(`select to_char(max(date), 'YYYY-MM-DD') as last from clinic_slots where room like 'bench-%'`);
  const first = addDays(kstToday(new Date()), 120);
  return row?.last && row.last >= first ? addDays(row.last, 1) : first;
}

async function api<T>(env: BenchEnv, method: string, path: string, body?: unknown, token = env.tokens.admin, base = env.baseUrl): Promise<T> {
  const headers = { ...(body === undefined ? {} : json), authorization: `Bearer ${token}` };
  const res = await fetch(`${base}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Slots on one day: `rooms` rooms × the given time bands, booking open since a minute ago. */
async function makeSlots(env: BenchEnv, opts: { date: string; rooms: number; bands: [string, string][]; capacity: number; tag: string }): Promise<{ id: number; band: number }[]> {
  const out: { id: number; band: number }[] = [];
  for (const [band, [startTime, endTime]] of opts.bands.entries()) {
    for (let r = 0; r < opts.rooms; r++) {
      const slot = await api<{ id: number }>(env, 'POST', '/clinic/slots', {
        date: opts.date, startTime, endTime, capacity: opts.capacity, room: `bench-${opts.tag}-${r + 1}`, title: `벤치 클리닉 ${r + 1}`,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
      });
      out.push({ id: slot.id, band });
    }
  }
  return out;
}

/** Students of the large seed, those with a 클리닉대상 score first (the ones a clinic invites). */
async function students(env: BenchEnv, n: number): Promise<{ id: number; loginId: string }[]> {
  return env.driver.query<{ id: number; loginId: string }>(
    `select u.id, u.login_id as "loginId" from users u
     left join (select user_id, bool_or(clinic = 'required') as invited from scores group by user_id) s on s.user_id = u.id
     where u.user_type = 'STUDENT' and u.deleted_at is null and u.login_id like 's0%'
     order by coalesce(s.invited, false) desc, u.id limit $1`,
    [n],
  );
}

const tokenOf = (env: BenchEnv, s: { id: number; loginId: string }) => env.ctx.signer.sign({ userId: s.id, loginId: s.loginId, userType: 'STUDENT', isAdminLevel: false });

/** Sends every request once, `concurrency` at a time; latency per request, statuses counted. */
async function burst(requests: { url: string; init: RequestInit }[], concurrency: number) {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    for (let i = next++; i < requests.length; i = next++) {
      const t0 = performance.now();
      const res = await fetch(requests[i]!.url, requests[i]!.init);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }));
  return { seconds: (performance.now() - started) / 1000, sorted: latencies.sort((a, b) => a - b), statuses };
}

export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'clinic: baseline, 1,000 reads of the clinic notice (one row) at c = 200',
    target: 'the floor of this machine for the burst below (same client, same concurrency)',
    measure: async (env): Promise<CustomResult> => {
      const init = { headers: { authorization: `Bearer ${env.tokens.student}` } };
      const r = await burst(Array.from({ length: 1000 }, () => ({ url: `${env.baseUrl}/api/clinic-notice`, init })), 200);
      return { rps: 1000 / r.seconds, p50Ms: percentile(r.sorted, 0.5), p99Ms: percentile(r.sorted, 0.99), errors: [...r.statuses].filter(([s]) => s !== 200).reduce((n, [, c]) => n + c, 0), extra: { 'load avg': loadavg()[0]!.toFixed(1) } };
    },
  },
  {
    kind: 'custom',
    name: 'clinic: burst, 1,000 distinct students on 200 seats (c = 200)',
    target: 'exactly 200 reserved, 0 overbooked, 0 × 5xx, p99 ≤ 300 ms',
    measure: async (env): Promise<CustomResult> => {
      const date = await freshDay(env);
      const slots = await makeSlots(env, { date, rooms: 10, bands: [['18:00', '19:30']], capacity: 20, tag: 'burst' });
      const crowd = await students(env, 1000);
      const requests = await Promise.all(crowd.map(async (s, i) => ({
        url: `${env.baseUrl}/api/sp/clinic-slot/${slots[i % slots.length]!.id}/reserve`,
        init: { method: 'POST', headers: { ...json, authorization: `Bearer ${await tokenOf(env, s)}` }, body: '{}' },
      })));
      // 200 clients at once, each sending its next student's request as soon as the last answered.
      const { seconds, sorted, statuses } = await burst(requests, 200);
      const ids = slots.map((s) => s.id);
      const [counts] = await env.driver.query<{ reserved: number; participants: number; overbooked: number }>(
        `select sum(s.reserved)::int as reserved, (select count(*)::int from clinic_participants p where p.slot_id = any($1::int[])) as participants,
                count(*) filter (where s.reserved > s.capacity)::int as overbooked
         from clinic_slots s where s.id = any($1::int[])`,
        [ids],
      );
      const fiveXx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
      return {
        rps: requests.length / seconds,
        p50Ms: percentile(sorted, 0.5),
        p99Ms: percentile(sorted, 0.99),
        errors: fiveXx,
        extra: {
          reserved: counts!.reserved, participants: counts!.participants, overbooked: counts!.overbooked,
          '200': statuses.get(200) ?? 0, '409': statuses.get(409) ?? 0, '5xx': fiveXx, 'total s': Math.round(seconds * 100) / 100, 'load avg': loadavg()[0]!.toFixed(1),
        },
      };
    },
  },
  {
    kind: 'custom',
    name: 'clinic: daily status of a day with 60 slots × 20 participants',
    target: 'p99 ≤ 50 ms',
    measure: async (env): Promise<CustomResult> => {
      const date = await freshDay(env);
      const bands: [string, string][] = ['14', '15', '16', '17', '18', '19'].map((h) => [`${h}:00`, `${h}:50`]);
      const slots = await makeSlots(env, { date, rooms: 10, bands, capacity: 20, tag: 'day' });
      // 200 students per time band (one band's rooms hold 10 × 20): the same 200 in every band.
      const crowd = await students(env, 200);
      for (const [i, s] of slots.entries()) {
        const room = i % 10;
        await api(env, 'POST', `/clinic/slots/${s.id}/participants`, { userIds: crowd.slice(room * 20, room * 20 + 20).map((c) => c.id) });
      }
      // A day under way: half have arrived, some left, some retakes graded.
      await env.driver.query(
        `update clinic_participants set arrived_at = now() - interval '30 minutes', departed_at = case when id % 4 = 0 then now() end,
                graded_at = case when id % 6 = 0 then now() end, retake_value = case when id % 6 = 0 then 70 end
         where slot_id = any($1::int[]) and id % 2 = 0`,
        [slots.map((s) => s.id)],
      );
      const url = `${env.baseUrl}/api/clinic/daily-status?startDate=${date}&endDate=${date}`;
      const headers = { authorization: `Bearer ${env.tokens.ta}` };
      const first = (await (await fetch(url, { headers })).json()) as { slots: { participants: unknown[] }[] };
      const total = first.slots.reduce((n, s) => n + s.participants.length, 0);
      const times: number[] = [];
      let errors = 0;
      const end = performance.now() + 10_000;
      await Promise.all(Array.from({ length: 2 }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await fetch(url, { headers });
          await res.arrayBuffer();
          if (!res.ok) errors++;
          times.push(performance.now() - t0);
        }
      }));
      const sorted = times.sort((a, b) => a - b);
      return { rps: times.length / 10, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), errors, extra: { slots: first.slots.length, participants: total, connections: 2, 'load avg': loadavg()[0]!.toFixed(1) } };
    },
  },
  {
    kind: 'custom',
    name: "clinic: arrival marked on one instance → on another TA's board (two instances)",
    target: 'p99 ≤ 200 ms',
    measure: async (env): Promise<CustomResult> => {
      if (!env.databaseUrl) return { extra: { skipped: 'needs BENCH_DATABASE_URL (two instances on one PostgreSQL)' } };
      const date = await freshDay(env);
      const [slot] = await makeSlots(env, { date, rooms: 1, bands: [['18:00', '20:00']], capacity: 60, tag: 'marks' });
      const crowd = await students(env, 60);
      const people = await api<{ id: number }[]>(env, 'POST', `/clinic/slots/${slot!.id}/participants`, { userIds: crowd.map((c) => c.id) });
      const second = await startInstance({ DATABASE_URL: env.databaseUrl, DEMO_DATA: 'false', JWT_SECRET: env.jwtSecret, NODE_ENV: 'production', PUBLIC_URL: 'http://bench.local' });
      const stream = await openEventStream(`${env.baseUrl}/api/realtime/events?topics=${clinicTopic(date).name}`, env.tokens.admin);
      type Marked = { participant: { id: number; arrivedAt: string | null } };
      try {
        await stream.ready;
        const times: number[] = [];
        for (const p of people) {
          const t0 = performance.now();
          await api(env, 'POST', `/clinic/participants/${p.id}/arrival`, undefined, env.tokens.ta, second.url);
          await stream.next((e) => e.type === 'participant' && (e.data as Marked).participant.id === p.id && (e.data as Marked).participant.arrivedAt !== null);
          times.push(performance.now() - t0);
        }
        const sorted = times.sort((a, b) => a - b);
        return { p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99), extra: { samples: sorted.length } };
      } finally {
        stream.close();
        await second.stop();
      }
    },
  },
];
