import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** A stored part as the assembly knows it: the etag of its body and its size. */
export type StoredPart = { etag: string; size: number };

type Assembly = {
  /** Per part, the tail of the chain of what touches its bytes (writes, hashing reads). */
  chains: Map<number, Promise<void>>;
  partSize: number;
  /** Completion or abort has begun: no more bodies. */
  closed: boolean;
  /** Parts whose body arrived whole in this process, by number. */
  landed: Map<number, StoredPart>;
  /** SHA-256 of parts 1..hashedThrough, in order; null once a hashed part was written again. */
  sha: Hash | null;
  hashedThrough: number;
  hashedEtags: string[];
  hashing: Promise<void> | null;
};

/**
 * What the local driver keeps in memory about its open multipart uploads (one server process owns
 * a storage root, local.ts):
 *
 * - Order: everything that touches one part's bytes runs one after the other (`inPartOrder`), so a
 *   second body for a part waits for the first, and `close` waits for every write in flight.
 * - The whole file's SHA-256, taken as the parts land: whenever the part after the hashed ones has
 *   landed, its bytes are read back (from the page cache, just written) and hashed, in the
 *   background, while later parts are still arriving. Completion then needs no pass over the file.
 *   Parts landed before a restart, or a hashed part written again, leave `hashOf` without an
 *   answer, and completion reads the file once instead.
 */
export function createAssemblies(opts: { dataPath: (uploadId: string) => string }) {
  const open = new Map<string, Assembly>();
  const assembly = (uploadId: string, partSize: number): Assembly => {
    let a = open.get(uploadId);
    if (!a) open.set(uploadId, (a = { chains: new Map(), partSize, closed: false, landed: new Map(), sha: createHash('sha256'), hashedThrough: 0, hashedEtags: [], hashing: null }));
    return a;
  };

  async function inPartOrder<T>(a: Assembly, partNumber: number, fn: () => Promise<T>): Promise<T> {
    const before = a.chains.get(partNumber) ?? Promise.resolve();
    const run = before.then(fn);
    const tail = run.then(
      () => {},
      () => {},
    );
    a.chains.set(partNumber, tail);
    try {
      return await run;
    } finally {
      if (a.chains.get(partNumber) === tail) a.chains.delete(partNumber);
    }
  }

  /** Hashes the parts that extend the hashed run, one at a time, until the next one has not landed. */
  function hashAhead(uploadId: string, a: Assembly): void {
    if (a.hashing) return;
    a.hashing = (async () => {
      while (a.sha && !a.closed && a.landed.has(a.hashedThrough + 1)) {
        const n = a.hashedThrough + 1;
        await inPartOrder(a, n, async () => {
          const part = a.landed.get(n);
          if (!part || !a.sha || a.closed) return;
          const start = (n - 1) * a.partSize;
          const sha = a.sha;
          if (part.size > 0) for await (const chunk of createReadStream(opts.dataPath(uploadId), { start, end: start + part.size - 1, highWaterMark: 4 * 1024 * 1024 })) sha.update(chunk as Buffer);
          a.hashedEtags[n] = part.etag;
          a.hashedThrough = n;
        });
      }
    })()
      // A read that fails leaves the hash to completion.
      .catch(() => void (a.sha = null))
      .finally(() => void (a.hashing = null));
  }

  return {
    /**
     * Runs the write of one part's body after the earlier ones; the part counts as landed (and may
     * be hashed) once `write` resolves with its etag. Refuses (`closedError`) once the upload closes.
     */
    async writePart(opts: { uploadId: string; partNumber: number; size: number; partSize: number; write: () => Promise<string>; closedError: () => Error }): Promise<string> {
      const { uploadId, partNumber, size, write, closedError } = opts;
      const a = assembly(uploadId, opts.partSize);
      if (a.closed) throw closedError();
      return inPartOrder(a, partNumber, async () => {
        if (a.closed) throw closedError();
        a.landed.delete(partNumber);
        // Bytes already hashed are about to change: the running hash no longer describes the file.
        if (partNumber <= a.hashedThrough) a.sha = null;
        const etag = await write();
        a.landed.set(partNumber, { etag, size });
        hashAhead(uploadId, a);
        return etag;
      });
    },

    /** Stops new bodies and waits for the writes and hashing in flight; `reopen` lets bodies in again. */
    async close(uploadId: string, partSize: number): Promise<{ reopen: () => void }> {
      const a = assembly(uploadId, partSize);
      a.closed = true;
      await a.hashing;
      await Promise.all(a.chains.values());
      return {
        reopen: () => {
          a.closed = false;
          hashAhead(uploadId, a);
        },
      };
    },

    /**
     * The SHA-256 of exactly these parts (1..n in order, as listed at completion), when the running
     * hash covers them and no other bodies; null when the file must be read. Ends the running hash.
     */
    hashOf(uploadId: string, parts: readonly { partNumber: number; etag: string }[]): string | null {
      const a = open.get(uploadId);
      if (!a?.sha || a.hashedThrough !== parts.length || parts.some((p, i) => p.partNumber !== i + 1 || a.hashedEtags[i + 1] !== p.etag)) return null;
      const digest = a.sha.digest('hex');
      a.sha = null;
      return digest;
    },

    forget(uploadId: string): void {
      open.delete(uploadId);
    },
  };
}
