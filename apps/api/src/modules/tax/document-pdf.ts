import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { CURRENCY_SYMBOL } from '@vastra/shared/constants';
import type { RefundReason } from '@vastra/shared/order-life/refunds';
import { amountInWords } from '@vastra/shared/tax/amount-in-words';
import { stateByCode } from '@vastra/shared/tax/indian-states';
import type { TaxDocumentLineRow, TaxDocumentRow } from '../../db/schema/tax-documents';

/*
 * A tax invoice or credit note as an A4 PDF (docs/decisions/124-tax-invoices-api.md), drawn from
 * its row every time it is asked for: the same row gives the same bytes (the PDF's dates are the
 * document's own). DejaVu Sans, shipped in apps/api/assets/fonts, has the rupee sign.
 */

const FONT_REGULAR = fileURLToPath(
  new URL('../../../assets/fonts/DejaVuSans.ttf', import.meta.url),
);
const FONT_BOLD = fileURLToPath(
  new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url),
);

/** What the PDF shows besides the document's own row. */
export interface DocumentContext {
  /** The order's number as the shop shows it (#100123). */
  orderNumber: number;
  /** A credit note's invoice. */
  invoice?: { number: string; issuedAt: Date } | undefined;
  /** A credit note's refund reason. */
  reason?: RefundReason | undefined;
}

const REASON_WORDS: Record<RefundReason, string> = {
  cancelled: 'Order cancelled before delivery: the whole order is credited',
  returned: 'Goods returned by the buyer',
  unfulfillable: 'Order could not be fulfilled: the amount paid is refunded',
};

const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** ₹1,234.50 (Indian grouping, always two decimals). Integer paise in, no float money kept. */
export function formatAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${CURRENCY_SYMBOL}${wholeRupees.format(whole)}.${rest}`;
}

const INDIA_OFFSET_MS = 330 * 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "24 Nov 2026" in India's calendar. */
export function indianDay(at: Date): string {
  const wall = new Date(at.getTime() + INDIA_OFFSET_MS);
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** "24 Nov 2026, 14:05 IST". */
function indianTime(at: Date): string {
  const wall = new Date(at.getTime() + INDIA_OFFSET_MS);
  const hh = String(wall.getUTCHours()).padStart(2, '0');
  const mm = String(wall.getUTCMinutes()).padStart(2, '0');
  return `${indianDay(at)}, ${hh}:${mm} IST`;
}

const PAGE = { margin: 40, width: 595.28, height: 841.89 };
const INNER = PAGE.width - 2 * PAGE.margin;
const INK = '#1f1b16';
const MUTED = '#6b6157';
const RULE = '#c9c0b4';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  cell: (line: TaxDocumentLineRow, index: number) => string;
  total?: (document: TaxDocumentRow) => string;
}

function columnsFor(intraState: boolean): Column[] {
  const money = (title: string, width: number, pick: (l: TaxDocumentLineRow) => number) => ({
    title,
    width,
    align: 'right' as const,
    cell: (l: TaxDocumentLineRow) => formatAmount(pick(l)),
  });
  const head: Column[] = [
    { title: '#', width: 18, align: 'left', cell: (_l, i) => String(i + 1) },
    { title: 'Description', width: 0, align: 'left', cell: (l) => l.description },
    { title: 'HSN/SAC', width: 46, align: 'left', cell: (l) => l.hsn },
    {
      title: 'Qty',
      width: 26,
      align: 'right',
      cell: (l) => (l.quantity > 0 ? String(l.quantity) : '–'),
    },
    {
      ...money('Taxable value', 64, (l) => l.taxablePaise),
      total: (d) => formatAmount(d.taxablePaise),
    },
    { title: 'Rate', width: 30, align: 'right', cell: (l) => `${l.ratePercent}%` },
  ];
  const tax: Column[] = intraState
    ? [
        { ...money('CGST', 58, (l) => l.cgstPaise), total: (d) => formatAmount(d.cgstPaise) },
        { ...money('SGST', 58, (l) => l.sgstPaise), total: (d) => formatAmount(d.sgstPaise) },
      ]
    : [{ ...money('IGST', 70, (l) => l.igstPaise), total: (d) => formatAmount(d.igstPaise) }];
  const tail: Column = {
    ...money('Total', 68, (l) => l.totalPaise),
    total: (d) => formatAmount(d.totalPaise),
  };
  const columns = [...head, ...tax, tail];
  const fixed = columns.reduce((a, c) => a + c.width, 0);
  columns[1]!.width = INNER - fixed;
  return columns;
}

/** The PDF of a document, its lines in order, and its context. */
export function renderDocumentPdf(
  document: TaxDocumentRow,
  lines: readonly TaxDocumentLineRow[],
  context: DocumentContext,
): Promise<Buffer> {
  const credit = document.kind === 'credit_note';
  const title = credit ? 'CREDIT NOTE' : 'TAX INVOICE';
  const pdf = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    font: FONT_REGULAR,
    bufferPages: true,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.seller.legalName,
      Producer: 'Vastra',
      Creator: 'Vastra',
      // The document's own date, so the same document always gives the same bytes.
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  pdf.registerFont('regular', FONT_REGULAR);
  pdf.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const { seller, buyer } = document;
  const demo = seller.demo === true;
  const intraState = seller.stateCode === document.placeOfSupply;
  const supplyState = stateByCode(document.placeOfSupply)?.name ?? 'Unknown state';
  const left = PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;

  const text = (
    value: string,
    x: number,
    y: number,
    options: { width?: number; align?: Column['align']; bold?: boolean; size?: number } = {},
  ) => {
    pdf
      .font(options.bold ? 'bold' : 'regular')
      .fontSize(options.size ?? 9)
      .fillColor(INK)
      .text(value, x, y, {
        width: options.width ?? INNER,
        align: options.align ?? 'left',
        lineBreak: options.width !== undefined,
      });
    return pdf.y;
  };
  const rule = (y: number) =>
    pdf
      .moveTo(left, y)
      .lineTo(left + INNER, y)
      .lineWidth(0.6)
      .strokeColor(RULE)
      .stroke();

  // ── Title and the demo band ─────────────────────────────────────────────────────────────────
  let y = PAGE.margin;
  pdf.font('bold').fontSize(16).fillColor(INK).text(title, left, y, { width: INNER });
  pdf
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('Original for recipient', left, y + 4, { width: INNER, align: 'right' });
  y += 26;
  if (demo) {
    pdf.rect(left, y, INNER, 22).fill('#b3261e');
    pdf
      .font('bold')
      .fontSize(11)
      .fillColor('#ffffff')
      .text('DEMO – NOT A TAX DOCUMENT', left, y + 5, { width: INNER, align: 'center' });
    y += 30;
  }

  // ── Seller (left) and the document (right) ──────────────────────────────────────────────────
  const half = INNER / 2 - 10;
  const right = left + INNER / 2 + 10;
  let ys = text(seller.legalName, left, y, { width: half, bold: true, size: 10.5 });
  ys = text(seller.address, left, ys + 2, { width: half });
  ys = text(`GSTIN: ${seller.gstin}`, left, ys + 2, { width: half });
  ys = text(`State: ${seller.stateName}, code ${seller.stateCode}`, left, ys, { width: half });
  const facts: [string, string][] = [
    [credit ? 'Credit note no.' : 'Invoice no.', document.number],
    ['Date', indianTime(document.issuedAt)],
    ['Order', `#${context.orderNumber}`],
    ['Place of supply', `${supplyState} (${document.placeOfSupply})`],
  ];
  if (credit && context.invoice)
    facts.push([
      'Against invoice',
      `${context.invoice.number} dated ${indianDay(context.invoice.issuedAt)}`,
    ]);
  let yd = y;
  for (const [label, value] of facts) {
    text(label, right, yd, { width: 88, size: 8.5 });
    yd = text(value, right + 90, yd, { width: half - 90, bold: true, size: 8.5 }) + 1;
  }
  y = Math.max(ys, yd) + 10;
  rule(y);
  y += 8;

  // ── Buyer ───────────────────────────────────────────────────────────────────────────────────
  text('Bill to / Ship to', left, y, { width: INNER, size: 8, bold: true });
  y = text(buyer.name, left, pdf.y + 2, { width: INNER, bold: true });
  y = text(buyer.address, left, y, { width: INNER });
  y = text(`Phone ${buyer.phone} · ${buyer.email}`, left, y, { width: INNER });
  y = text('Unregistered buyer (B2C)', left, y, { width: INNER, size: 8 });
  if (credit) {
    const reason = context.reason ? REASON_WORDS[context.reason] : 'Refund';
    const against = context.invoice
      ? `Against invoice ${context.invoice.number} dated ${indianDay(context.invoice.issuedAt)}. `
      : '';
    y = text(`${against}Reason: ${reason}.`, left, y + 4, { width: INNER, size: 8.5 });
  }
  y += 10;

  // ── The table, page after page ──────────────────────────────────────────────────────────────
  const columns = columnsFor(intraState);
  const size = 8;
  const pad = 3;
  const rowHeight = (cells: string[], bold = false) => {
    pdf.font(bold ? 'bold' : 'regular').fontSize(size);
    return (
      Math.max(
        ...cells.map((c, i) => pdf.heightOfString(c, { width: columns[i]!.width - pad * 2 })),
      ) +
      pad * 2
    );
  };
  const drawRow = (cells: string[], at: number, bold = false, fill?: string) => {
    const h = rowHeight(cells, bold);
    if (fill) pdf.rect(left, at, INNER, h).fill(fill);
    let x = left;
    cells.forEach((c, i) => {
      const col = columns[i]!;
      pdf
        .font(bold ? 'bold' : 'regular')
        .fontSize(size)
        .fillColor(INK)
        .text(c, x + pad, at + pad, { width: col.width - pad * 2, align: col.align });
      x += col.width;
    });
    pdf
      .moveTo(left, at + h)
      .lineTo(left + INNER, at + h)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    return at + h;
  };
  const header = columns.map((c) => c.title);
  const drawHeader = (at: number) => drawRow(header, at, true, '#efe9e1');
  y = drawHeader(y);
  lines.forEach((line, i) => {
    const cells = columns.map((c) => c.cell(line, i));
    if (y + rowHeight(cells) > bottom - 20) {
      pdf.addPage();
      y = text(`${title} ${document.number} (continued)`, left, PAGE.margin, { size: 8.5 }) + 6;
      y = drawHeader(y);
    }
    y = drawRow(cells, y);
  });
  const totals = columns.map((c, i) => (i === 1 ? 'Total' : (c.total?.(document) ?? '')));
  // The totals row and what follows it stay together.
  if (y + rowHeight(totals, true) + 130 > bottom) {
    pdf.addPage();
    y = PAGE.margin;
    y = drawHeader(y);
  }
  y = drawRow(totals, y, true, '#f6f3ee');
  y += 10;

  // ── Amount in words, the signatory ──────────────────────────────────────────────────────────
  y = text(`Amount in words: ${amountInWords(document.totalPaise)}`, left, y, {
    width: INNER,
    bold: true,
  });
  const tax = document.cgstPaise + document.sgstPaise + document.igstPaise;
  y = text(
    `Prices include GST. Tax ${credit ? 'credited' : 'charged'}: ${formatAmount(tax)}. Not payable under reverse charge.`,
    left,
    y + 2,
    { width: INNER, size: 8.5 },
  );
  if (demo)
    y = text(
      'This document was issued by a demonstration shop with no registered seller: it is not a tax invoice.',
      left,
      y + 2,
      { width: INNER, size: 8.5 },
    );
  y += 24;
  text(`For ${seller.legalName}`, left + INNER / 2, y, {
    width: INNER / 2,
    align: 'right',
    bold: true,
  });
  text(`Authorised signatory: ${seller.signatory}`, left + INNER / 2, y + 34, {
    width: INNER / 2,
    align: 'right',
  });

  // Page numbers, once every page exists.
  const range = pdf.bufferedPageRange();
  for (let p = 0; p < range.count; p += 1) {
    pdf.switchToPage(range.start + p);
    // In the bottom margin: without this pdfkit would start a new page for it.
    pdf.page.margins.bottom = 0;
    pdf
      .font('regular')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${document.number} · page ${p + 1} of ${range.count}`, left, bottom + 8, {
        width: INNER,
        align: 'center',
        lineBreak: false,
      });
  }
  pdf.end();
  return done;
}
