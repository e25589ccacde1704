import { z } from 'zod';
import { endpointGroup, refusals } from '../endpoint';
import { lateRoutes } from '../late-routes';

const tags = ['Operations'] as const;

/** Each check of /readyz: `ok`, or what is wrong in a few words. */
const readinessChecksSchema = z.object({
  database: z.string(),
  migrations: z.string(),
  redis: z.string().optional(),
  smtp: z.string().optional(),
});

/**
 * For load balancers, orchestrators and Prometheus (docs/decisions/113-server-build-health-and-signals.md,
 * 114-metrics.md): never rate-limited, not logged at info.
 */
export const operations = endpointGroup({
  health: {
    ...lateRoutes.operations.health,
    schema: {
      summary: 'Whether the process is alive: `{ success: true, status: "alive" }`',
      description: 'Answers without touching the database, Redis or the mail server.',
      tags,
      response: { 200: z.object({ success: z.literal(true), status: z.literal('alive') }) },
    },
  },
  ready: {
    ...lateRoutes.operations.ready,
    schema: {
      summary: 'Whether the process can serve: database, migrations, and Redis and SMTP when set',
      description:
        'Each check is `ok` or says what is wrong. 503 when any check fails, and while the server is stopping. The SMTP check (a connect and login) is done at most every 30 s.',
      tags,
      response: {
        200: z.object({
          success: z.literal(true),
          status: z.literal('ready'),
          checks: readinessChecksSchema,
        }),
        503: z.object({
          success: z.literal(false),
          message: z.string(),
          checks: readinessChecksSchema.optional(),
        }),
      },
    },
  },
  metrics: {
    ...lateRoutes.operations.metrics,
    schema: {
      summary: 'Prometheus metrics (text exposition format)',
      description:
        'Only when METRICS_TOKEN is set, and only with `Authorization: Bearer <METRICS_TOKEN>`; 401 otherwise.',
      tags,
      produces: ['text/plain'],
      response: refusals(401),
    },
  },
});
