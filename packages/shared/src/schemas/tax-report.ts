import { z } from 'zod';
import { REPORT_MONTH_MESSAGE, REPORT_MONTH_PATTERN } from '../tax/report-month';

/**
 * The admin's monthly GST report (docs/decisions/125-gst-report.md): what the month's invoices and
 * credit notes add up to by rate and by place of supply, separately and netted (invoices − credit
 * notes), for the B2C return (GSTR-1 table 7, GSTR-3B). Amounts in paise.
 */

export const taxReportQuerySchema = z.object({
  month: z
    .string({ error: REPORT_MONTH_MESSAGE })
    .trim()
    .regex(REPORT_MONTH_PATTERN, { error: REPORT_MONTH_MESSAGE }),
});
export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>;

const paise = z.number().int();

/** Taxable value, the three taxes and the total (= the four added). */
export const taxAmountsSchema = z.object({
  taxablePaise: paise,
  cgstPaise: paise,
  sgstPaise: paise,
  igstPaise: paise,
  totalPaise: paise,
});
export type TaxAmounts = z.infer<typeof taxAmountsSchema>;

/** One row of a view: the invoices', the credit notes', and the net (may be negative). */
export const taxReportFiguresSchema = z.object({
  invoices: taxAmountsSchema,
  creditNotes: taxAmountsSchema,
  net: taxAmountsSchema,
});
export type TaxReportFigures = z.infer<typeof taxReportFiguresSchema>;

const placeOfSupply = {
  /** GST state code, `29`. */
  stateCode: z.string(),
  /** `Karnataka`. */
  stateName: z.string(),
};

/** How many documents of a kind, and the first and last numbers (null when none). */
export const taxDocumentRangeSchema = z.object({
  count: z.number().int().nonnegative(),
  firstNumber: z.string().nullable(),
  lastNumber: z.string().nullable(),
});
export type TaxDocumentRange = z.infer<typeof taxDocumentRangeSchema>;

export const taxReportSchema = z.object({
  /** `2026-11`. */
  month: z.string(),
  /** The month's first instant in India, and the next month's (exclusive); ISO 8601. */
  from: z.string(),
  to: z.string(),
  timeZone: z.literal('Asia/Kolkata'),
  /** False while the month is still running: the figures can still grow. */
  complete: z.boolean(),
  invoices: taxDocumentRangeSchema,
  creditNotes: taxDocumentRangeSchema,
  totals: taxReportFiguresSchema,
  /** By GST rate, lowest first. */
  byRate: z.array(taxReportFiguresSchema.extend({ ratePercent: z.number().int() })),
  /** By place of supply, by state code. */
  byState: z.array(taxReportFiguresSchema.extend(placeOfSupply)),
  /** By place of supply and rate: the rows of GSTR-1's B2C (small) table. */
  byStateAndRate: z.array(
    taxReportFiguresSchema.extend({ ...placeOfSupply, ratePercent: z.number().int() }),
  ),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

export const taxReportResponseSchema = z.object({
  success: z.literal(true),
  report: taxReportSchema,
});

/**
 * The CSV download's 200 for the reference: the file's text (`text/csv`, sent as an attachment,
 * vastra-gst-2026-11.csv). The route sends the string as it is, with its own content type.
 */
export const taxReportCsvSchema = z.string().meta({ description: 'The report as CSV (text/csv)' });
