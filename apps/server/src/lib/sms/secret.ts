/**
 * Texts that carry a secret: a password-reset link, a parent link (file, score report, week), any
 * token, and notices about the account's security (a phone change). Such a text is a key to an
 * account or a child's records, so nobody reads it in full after it was queued, whatever their role:
 * every history reads the outbox through `ctx.sms.records`, which masks it (there is no other way to
 * the outbox for people: no GraphQL resource, no export), and it cannot be re-sent (the person asks
 * for a new link instead). Issue 34 item 1: a TA read a reset link in the
 * SMS history and took over the 원장's account.
 */

/** Every address in a text. */
const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/gi;

/** A link into the public link area (`/link/<kind>/<token>`): always a bearer token. */
const PUBLIC_LINK_PATH = /^\/link\//;

/** What stands in for a secret in a masked text. */
export const MASK = '••••••';

/** Does this body hold a link into the public link area? Such a text is secret whoever queues it. */
export function holdsPublicLink(body: string): boolean {
  for (const m of body.matchAll(URL_IN_TEXT)) {
    if (PUBLIC_LINK_PATH.test(pathOf(m[0]))) return true;
  }
  return false;
}

/**
 * A secret text as histories show it: each address keeps its origin (and for a public link, the
 * kind of page: `/link/reset-password/`), the rest is masked. The words around stay readable, so
 * staff can still see what was sent and to whom.
 */
export function maskSecrets(body: string): string {
  return body.replace(URL_IN_TEXT, (url) => {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return MASK;
    }
    const kind = /^\/link\/[a-z-]+\//.exec(pathOf(url))?.[0] ?? '/';
    return `${origin}${kind}${MASK}`;
  });
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
