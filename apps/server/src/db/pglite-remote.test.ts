import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestContext } from '../lib/observability/request-context.ts';
import { openRemotePglite, type RemotePglite } from './pglite-remote.ts';

describe('PGlite in its worker thread', () => {
  let db: RemotePglite;
  beforeAll(async () => {
    db = await openRemotePglite({});
  });
  afterAll(async () => {
    await db.close();
  });

  it('serves waiting statements of earlier requests first, and a transaction at once', async () => {
    const done: string[] = [];
    const inRequest = (name: string, startedAt: number) =>
      requestContext.run({ requestId: name, startedAt }, () => db.query<{ v: string }>('select $1::text as v', [name]).then((r) => done.push(r.rows[0]!.v)));

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    // A transaction holds the database; meanwhile requests that arrived at 30, 20 and 10 ask.
    const tx = db.transaction(async (t) => {
      opened();
      await held;
      await t.query('select 1');
      done.push('transaction');
    });
    await open;
    const first = inRequest('arrived 30, asked first', 30);
    const late = inRequest('arrived 20', 20);
    const early = inRequest('arrived 10', 10);
    // The worker has the three before the transaction ends: messages arrive in the order posted.
    release();
    await Promise.all([tx, first, late, early]);
    // The one already handed to PGlite goes first; the two still waiting, earliest request first.
    expect(done).toEqual(['transaction', 'arrived 30, asked first', 'arrived 10', 'arrived 20']);
  });

  it('serves statements outside any request in the order they were asked', async () => {
    const out = await Promise.all(Array.from({ length: 20 }, (_, i) => db.query<{ i: number }>('select $1::int as i', [i]).then((r) => r.rows[0]!.i)));
    expect(out).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
