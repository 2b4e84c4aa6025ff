import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { LOCAL_BLOB_PREFIX } from '../lib/storage/local.ts';

/**
 * Helmet's headers (CSP, X-Frame-Options, HSTS and the rest), worked out once at start and set on
 * every reply as one object. The same headers as running helmet per request — which the Fastify
 * plugin does, parsing the CSP again each time — at a fraction of the cost. Directives are static
 * here (no nonces), so one answer serves every request. A route may still set its own (the API
 * documentation page sends its CSP with the hashes of its inline scripts).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => void (failure = err ?? null));
  if (failure) throw failure;
  return headers;
}

/**
 * What an API reply needs (OWASP REST Security Cheat Sheet, "Security headers"): a JSON answer is
 * never a document that runs or loads anything, so its CSP is `default-src 'none'` (stricter than a
 * page's), it may not be framed, sniffed into another type, or read by another site, and HSTS rides
 * on every reply. A page's CSP, with its script, style, media and player sources, means nothing
 * there: twelve headers and about 1 KB less on every API reply.
 */
export function apiSecurityHeaders(page: Record<string, string>): Record<string, string> {
  const keep = ['strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-resource-policy'];
  return { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'", ...Object.fromEntries(keep.filter((k) => page[k]).map((k) => [k, page[k]!])) };
}

/**
 * Pages, assets, the API documentation and stored files (which a browser may open inline: PDFs,
 * pictures, videos) get the page headers; every other reply under /api gets the API set.
 */
export function isApiReply(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && !url.startsWith(LOCAL_BLOB_PREFIX);
}

export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const page = securityHeaders(options);
  const api = apiSecurityHeaders(page);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiReply(req.url) ? api : page);
    done();
  });
}
