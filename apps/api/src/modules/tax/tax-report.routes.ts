import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '@vastra/shared/api/endpoints';
import type { TaxReportQuery } from '@vastra/shared/schemas/tax-report';
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

  // Not JSON: registered untyped, as the other file answers are (the typed reply takes only the
  // table's answers); the query is checked by the same schema before the handler runs.
  app.route({
    ...routeOf(endpoints.taxReport.adminReportCsv),
    handler: async (request, reply) => {
      const { month } = request.query as TaxReportQuery;
      const csv = taxReportCsv(await taxReportOf(db, month, clock.now()));
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${taxReportFileName(month)}"`)
        .type('text/csv; charset=utf-8')
        .send(csv);
      return reply;
    },
  });
}
