import { systemApi } from '@academy/contracts/system';
import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { route } from '../http/route.ts';

export type MetricsSources = {
  database: Pick<Database, 'poolStats'>;
  ctx: Pick<AppContext, 'jobs'>;
  realtimeStreams: () => number;
};

/**
 * Prometheus metrics of one instance: request latency by route, the database pool, job queue
 * depth, open realtime streams, and the process (memory, event loop lag, GC). Served to admins at
 * GET /api/metrics, and without a token on METRICS_PORT (bind it to a private address) for a
 * Prometheus scraper that cannot sign in.
 */
export function registerMetrics(app: FastifyInstance, sources: MetricsSources): { registry: Registry; listen: (opts: { port: number; host: string }) => Promise<() => Promise<void>> } {
  const own = new Registry();

  const duration = new Histogram({
    name: 'academy_http_request_duration_seconds',
    help: 'HTTP request latency by route (the route pattern, not the URL)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  app.addHook('onResponse', (req, reply, done) => {
    // Unmatched URLs share one label, so a scanner cannot grow the series without bound.
    const routeLabel = req.routeOptions.url ?? 'unmatched';
    duration.observe({ method: req.method, route: routeLabel, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    done();
  });

  new Gauge({
    name: 'academy_db_pool_connections',
    help: 'Database pool connections by state (PostgreSQL; PGlite has one embedded connection)',
    labelNames: ['state'] as const,
    registers: [own],
    collect() {
      const stats = sources.database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  new Gauge({
    name: 'academy_job_queue_jobs',
    help: 'Jobs waiting or running, by queue and state (all instances: read from the database)',
    labelNames: ['queue', 'state'] as const,
    registers: [own],
    async collect() {
      this.reset();
      for (const r of await sources.ctx.jobs.depth()) this.set({ queue: r.queue, state: r.state }, r.count);
    },
  });

  new Gauge({
    name: 'academy_realtime_streams',
    help: 'Open realtime (server-sent event) streams on this instance',
    registers: [own],
    collect() {
      this.set(sources.realtimeStreams());
    },
  });

  const registry = Registry.merge([processMetrics(), own]);
  route(app, systemApi.metrics, async ({ reply }) => reply.header('content-type', registry.contentType).send(await registry.metrics()));

  return {
    registry,
    async listen({ port, host }) {
      const side = Fastify({ logger: false });
      side.get('/metrics', async (_, reply) => reply.header('content-type', registry.contentType).send(await registry.metrics()));
      await side.listen({ port, host });
      return () => side.close();
    },
  };
}

let processRegistry: Registry | null = null;

/**
 * The process's own metrics (memory, event loop lag, GC), collected once per process however many
 * apps it builds: each collection starts a GC observer that is never stopped, and one per app kept
 * every closed app alive through it (a test worker builds an app per file).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'academy_' });
  }
  return processRegistry;
}
