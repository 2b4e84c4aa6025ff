import type { BenchEnv, Scenario } from '../types.ts';

const MESSAGES = 10_000;
const PER_SEND = 5_000;

async function api<T>(env: BenchEnv, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${env.baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${env.tokens.ta}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The SMS queue end to end: a TA sends to the parents of 10,000 students (two sends of 5,000, the
 * composer's limit) through the API; the server's workers deliver every message through the outbox
 * driver (a job per message: claim, driver, result and attempt, complete). Figures come from the
 * database: delivery rate between the first and the last message sent, and no message with more
 * than one send.
 */
export const scenarios: Scenario[] = [
  {
    kind: 'custom',
    name: 'sms: 10,000 texts through the queue and the outbox driver (send API, job per message)',
    target: '≥ 500 messages/s, none doubled',
    measure: async (env) => {
      const ids = (await env.driver.query<{ user_id: number }>(
        "select p.user_id from student_profiles p join users u on u.id = p.user_id where p.parent_phone is not null and u.deleted_at is null order by p.user_id limit $1",
        [MESSAGES],
      )).map((r) => r.user_id);
      if (ids.length < MESSAGES) throw new Error(`only ${ids.length} students with a parent phone in the seed`);
      const t0 = performance.now();
      const batches: number[] = [];
      for (let i = 0; i < MESSAGES; i += PER_SEND) {
        const sent = await api<{ batchId: number; queued: number }>(env, 'POST', '/api/sms/send', {
          studentIds: ids.slice(i, i + PER_SEND), audience: 'parent', body: '[벤치학원] #{이름} 학생 학부모님, 이번 주 수업 안내입니다.',
        });
        batches.push(sent.batchId);
      }
      const enqueueMs = performance.now() - t0;
      const list = batches.join(',');
      const deadline = Date.now() + 300_000;
      let done = 0;
      while (done < MESSAGES && Date.now() < deadline) {
        const [row] = await env.driver.query<{ n: number }>(`select count(*)::int as n from sms_outbox where batch_id in (${list}) and status = 'sent'`);
        done = row?.n ?? 0;
        if (done < MESSAGES) await new Promise((r) => setTimeout(r, 250));
      }
      const totalMs = performance.now() - t0;
      const [span] = await env.driver.query<{ first: Date; last: Date; queued: number }>(
        `select min(sent_at) as first, max(sent_at) as last, count(*)::int as queued from sms_outbox where batch_id in (${list})`,
      );
      const [doubled] = await env.driver.query<{ n: number }>(
        `select count(*)::int as n from (select a.message_id from sms_attempts a join sms_outbox m on m.id = a.message_id
         where m.batch_id in (${list}) and a.outcome in ('sent', 'resumed') group by a.message_id having count(*) > 1) d`,
      );
      const deliverySeconds = (new Date(span!.last).getTime() - new Date(span!.first).getTime()) / 1000;
      return {
        rps: deliverySeconds > 0 ? done / deliverySeconds : undefined,
        errors: MESSAGES - done + (doubled?.n ?? 0),
        extra: {
          queued: span?.queued ?? 0,
          sent: done,
          doubled: doubled?.n ?? 0,
          'enqueue s (2 sends)': Math.round(enqueueMs / 100) / 10,
          'delivery s': Math.round(deliverySeconds * 10) / 10,
          'end to end s': Math.round(totalMs / 100) / 10,
        },
      };
    },
  },
];
