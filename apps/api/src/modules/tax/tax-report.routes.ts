import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import { taxReportFileName } from '@vastra/shared/tax/report-month';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeOf } from '../../lib/endpoint-route';
import { taxReportCsv } from './tax-report-csv';
import { taxReportOf } from './tax-report';

/** The admin's monthly GST report, as JSON and as a CSV file (docs/decisions/125-gst-report.md). */
export async function adminTaxReportRoutes(
  app: FastifyInstance,
  opts: { db: Database; clock: Clock },
): Promise<void> {
  const { db, clock } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...routeOf(endpoints.taxReport.adminReport),
    handler: async (request) => ({
      success: true as const,
      report: await taxReportOf(db, request.query.month, clock.now()),
    }),
  });

  api.route({
    ...routeOf(endpoints.taxReport.adminReportCsv),
    handler: async (request, reply) => {
      const { month } = request.query;
      const csv = taxReportCsv(await taxReportOf(db, month, clock.now()));
      // A string with its own content type goes out as it is, not as JSON.
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${taxReportFileName(month)}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
    },
  });
}
