import type { Database } from '../../db/client.ts';

/** Announced by the users table's trigger (migration 0018) with the account id, when a change to its session commits. */
export const SESSION_CHANNEL = 'session_changed';

/** A local change's id is read from the database, not the cache, until its announcement arrives (or this long, if it rolled back). */
const PENDING_MS = 10_000;
/** More accounts than any center has: past this the cache starts over rather than grow. */
const MAX_ENTRIES = 100_000;

export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * The session version of each account that sent a request lately, kept in memory so that checking
 * an access token costs no query. `null` means the account is inactive or deleted.
 *
 * Staying right on every instance:
 * - Any change to an account's session version, active flag or deletion is announced on
 *   SESSION_CHANNEL when it commits (a trigger, so every code path is covered); each instance
 *   forgets that account.
 * - This instance's own changes (`changed`) forget the account at once and keep it out of the
 *   cache until the announcement confirms the commit, so a sign-out is final for the very next
 *   request, even one racing the commit.
 * - A read that started before a change may not store its (older) answer.
 * - While the announcements cannot be heard (the listening connection is lost) nothing is cached,
 *   and everything cached before is forgotten.
 */
export function createSessionCache(opts: { listen: Database['listen']; load: (userId: number) => Promise<number | null>; now?: () => number }) {
  const now = opts.now ?? (() => performance.now());
  const versions = new Map<number, number | null>();
  const pending = new Map<number, number>();
  const watchers = new Set<(userId: number | null) => void>();
  let generation = 0;
  let listening = false;
  let unlisten: (() => Promise<void>) | null = null;

  const forget = (id: number) => {
    versions.delete(id);
    generation++;
  };
  const isPending = (id: number) => {
    const until = pending.get(id);
    if (until === undefined) return false;
    if (until > now()) return true;
    pending.delete(id);
    return false;
  };

  const tell = (id: number | null) => {
    for (const fn of watchers) fn(id);
  };

  return {
    async start(): Promise<void> {
      unlisten ??= await opts.listen(
        SESSION_CHANNEL,
        (payload) => {
          const id = Number(payload);
          forget(id);
          pending.delete(id);
          tell(id);
        },
        (up) => {
          versions.clear();
          generation++;
          listening = up;
          // Announcements may have been missed while the connection was down.
          if (up) tell(null);
        },
      );
    },

    async stop(): Promise<void> {
      listening = false;
      versions.clear();
      const stop = unlisten;
      unlisten = null;
      await stop?.();
    },

    /** The account's current session version, or null when it may not be signed in: at once when it is in memory, else from the database. */
    version(userId: number): number | null | Promise<number | null> {
      if (listening && !isPending(userId)) {
        const cached = versions.get(userId);
        if (cached !== undefined) return cached;
      }
      const seen = generation;
      return opts.load(userId).then((v) => {
        if (listening && generation === seen && !isPending(userId)) {
          if (versions.size >= MAX_ENTRIES) versions.clear();
          versions.set(userId, v);
        }
        return v;
      });
    },

    /**
     * Calls `fn` with an account's id once a change to its session has committed, on whichever
     * instance it was made (null: any account may have changed, after the announcements were not
     * heard for a while). The realtime streams close with it. Returns the function that stops.
     */
    watch(fn: (userId: number | null) => void): () => void {
      watchers.add(fn);
      return () => void watchers.delete(fn);
    },

    /** This instance changed these accounts' sessions (called right after the write, in or out of a transaction). */
    changed(ids: Iterable<number>): void {
      const until = now() + PENDING_MS;
      for (const id of ids) {
        forget(id);
        pending.set(id, until);
      }
    },
  };
}
