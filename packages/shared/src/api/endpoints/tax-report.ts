import {
  taxReportCsvSchema,
  taxReportQuerySchema,
  taxReportResponseSchema,
} from '../../schemas/tax-report';
import { ADMIN_SESSION, endpointGroup, refusals } from '../endpoint';
import { lateRoutes } from '../late-routes';

const refused = refusals(400, 401, 403);
const security = ADMIN_SESSION;
const tags = ['Admin: GST report'] as const;
const description =
  'The month in India’s calendar (from the 1st 00:00 IST to the next 1st), from the lines of its invoices and credit notes: by GST rate, by place of supply, and by both, each as invoices, credit notes and net (invoices − credit notes). A month not yet begun is answered, empty.';

/** The shop owner's monthly GST report (docs/decisions/125-gst-report.md). */
export const taxReport = endpointGroup({
  adminReport: {
    ...lateRoutes.taxReport.adminReport,
    schema: {
      summary: 'The GST report of a month (`?month=2026-11`), amounts in paise',
      description,
      tags,
      security,
      querystring: taxReportQuerySchema,
      response: { 200: taxReportResponseSchema, ...refused },
    },
  },
  adminReportCsv: {
    ...lateRoutes.taxReport.adminReportCsv,
    schema: {
      summary: 'The same report as a CSV file, amounts in rupees with two decimals',
      description: `${description} One table with a header row; the view column says which grouping a row belongs to. Sent as an attachment, vastra-gst-2026-11.csv.`,
      tags,
      security,
      produces: ['text/csv'],
      querystring: taxReportQuerySchema,
      response: { 200: taxReportCsvSchema, ...refused },
    },
  },
});
