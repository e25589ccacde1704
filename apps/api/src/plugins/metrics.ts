import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@vastra/shared/api/endpoints';
import type { DatabaseHandle } from '../db/client';
import { AppError } from '../lib/app-error';
import { routeOf } from '../lib/endpoint-route';
import { httpMetrics, metricsRegistry, startProcessMetrics } from '../lib/metrics';

interface MetricsDeps {
  /** METRICS_TOKEN; unset: no /metrics route and no per-request hook. */
  token: string | undefined;
  database: DatabaseHandle;
}

function sameSecret(given: string, expected: string): boolean {
  const [a, b] = [
    crypto.createHash('sha256').update(given),
    crypto.createHash('sha256').update(expected),
  ];
  return crypto.timingSafeEqual(a.digest(), b.digest());
}

/**
 * Prometheus metrics at GET /metrics, only when METRICS_TOKEN is set and only for a request with
 * `Authorization: Bearer <METRICS_TOKEN>` (docs/decisions/114-metrics.md). Every request is
 * counted and timed by its route's pattern (`/api/product/:id`, never the raw URL, so the series
 * stay few) and status.
 */
export async function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Promise<void> {
  const { token, database } = deps;
  if (!token) return;
  startProcessMetrics(database.poolStats);

  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? '(no route)',
      status: String(reply.statusCode),
    };
    httpMetrics.requests.inc(labels);
    httpMetrics.duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.route({
    ...routeOf(endpoints.operations.metrics),
    // Scraped every few seconds: not worth an info line each time.
    logLevel: 'warn',
    handler: async (request, reply) => {
      if (!sameSecret(request.headers.authorization ?? '', `Bearer ${token}`))
        throw new AppError(
          'unauthorized',
          'The metrics need Authorization: Bearer <METRICS_TOKEN>',
        );
      reply.type(metricsRegistry.contentType);
      return metricsRegistry.metrics();
    },
  });
}
