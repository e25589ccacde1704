import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';
import { CURRENCY_SYMBOL } from '@vastra/shared/constants';
import { IST_OFFSET_MS } from '@vastra/shared/dates/india-calendar';
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
function formatAmount(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  const whole = Math.floor(abs / 100);
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${CURRENCY_SYMBOL}${wholeRupees.format(whole)}.${rest}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "24 Nov 2026" in India's calendar. */
function indianDay(at: Date): string {
  const wall = new Date(at.getTime() + IST_OFFSET_MS);
  return `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
}

/** "24 Nov 2026, 14:05 IST". */
function indianTime(at: Date): string {
  const wall = new Date(at.getTime() + IST_OFFSET_MS);
  const hh = String(wall.getUTCHours()).padStart(2, '0');
  const mm = String(wall.getUTCMinutes()).padStart(2, '0');
  return `${indianDay(at)}, ${hh}:${mm} IST`;
}

const PAGE = { margin: 40, width: 595.28, height: 841.89 };
const INNER = PAGE.width - 2 * PAGE.margin;
const INK = '#1f1b16';
const MUTED = '#6b6157';
const RULE = '#c9c0b4';
/** The blank left for a signature between "For <seller>" and "Authorised signatory". */
const SIGNATURE_SPACE = 30;

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
  /**
   * An amount: always one line (a wrapped `₹1,02,422.7` / `3` misreads as two numbers), its font
   * made smaller in the rare cell it would not fit at the table's size.
   */
  money?: boolean;
  cell: (line: TaxDocumentLineRow, index: number) => string;
  /** A smaller second line under the cell: the rate of that tax (rule 46 asks for each). */
  note?: (line: TaxDocumentLineRow) => string;
  total?: (document: TaxDocumentRow) => string;
}

/**
 * The table's columns. The money columns hold ₹99,99,999.99 in the bold totals row at 8 pt; more
 * is set smaller. Each tax shows its own rate under its amount (CGST and SGST half the line's
 * rate each, IGST the whole), so there is no separate rate column and the description keeps
 * ~140 pt intra-state, ~195 pt inter-state.
 */
function columnsFor(intraState: boolean): Column[] {
  const money = (title: string, width: number, pick: (l: TaxDocumentLineRow) => number) => ({
    title,
    width,
    align: 'right' as const,
    money: true,
    cell: (l: TaxDocumentLineRow) => formatAmount(pick(l)),
  });
  const head: Column[] = [
    { title: '#', width: 20, align: 'left', cell: (_l, i) => String(i + 1) },
    { title: 'Description', width: 0, align: 'left', cell: (l) => l.description },
    { title: 'HSN/SAC', width: 48, align: 'left', cell: (l) => l.hsn },
    {
      title: 'Qty',
      width: 24,
      align: 'right',
      cell: (l) => (l.quantity > 0 ? String(l.quantity) : '–'),
    },
    {
      ...money('Taxable value', 78, (l) => l.taxablePaise),
      total: (d) => formatAmount(d.taxablePaise),
    },
  ];
  const half = (l: TaxDocumentLineRow) => `@ ${l.ratePercent / 2}%`;
  const tax: Column[] = intraState
    ? [
        {
          ...money('CGST', 62, (l) => l.cgstPaise),
          note: half,
          total: (d) => formatAmount(d.cgstPaise),
        },
        {
          ...money('SGST', 62, (l) => l.sgstPaise),
          note: half,
          total: (d) => formatAmount(d.sgstPaise),
        },
      ]
    : [
        {
          ...money('IGST', 72, (l) => l.igstPaise),
          note: (l) => `@ ${l.ratePercent}%`,
          total: (d) => formatAmount(d.igstPaise),
        },
      ];
  const tail: Column = {
    ...money('Total', 78, (l) => l.totalPaise),
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
  // The facts get a little more than half: a credit note's "VS/26-27/000001 dated 24 Nov 2026"
  // (~175 pt) then stays on one line; the seller's lines wrap where they must.
  const sellerWidth = INNER / 2 - 20;
  const right = left + INNER / 2 - 6;
  const labelWidth = 72;
  const valueWidth = left + INNER - right - labelWidth - 2;
  let ys = text(seller.legalName, left, y, { width: sellerWidth, bold: true, size: 10.5 });
  ys = text(seller.address, left, ys + 2, { width: sellerWidth });
  ys = text(`GSTIN: ${seller.gstin}`, left, ys + 2, { width: sellerWidth });
  ys = text(`State: ${seller.stateName}, code ${seller.stateCode}`, left, ys, {
    width: sellerWidth,
  });
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
    text(label, right, yd, { width: labelWidth, size: 8.5 });
    yd = text(value, right + labelWidth + 2, yd, { width: valueWidth, bold: true, size: 8.5 }) + 1;
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
    // The invoice it is against is in the facts above; here only why.
    const reason = context.reason ? REASON_WORDS[context.reason] : 'Refund';
    y = text(`Reason: ${reason}.`, left, y + 4, { width: INNER, size: 8.5 });
  }
  y += 10;

  // ── The table, page after page ──────────────────────────────────────────────────────────────
  const columns = columnsFor(intraState);
  const size = 8;
  const noteSize = 7;
  const pad = 3;
  /** A cell: its text and, under it, a smaller note. */
  type Cell = { text: string; note?: string | undefined };
  /** What a row is: the header's titles wrap; other rows' money cells stay on one line. */
  type RowKind = 'header' | 'line' | 'totals';
  const bold = (kind: RowKind) => kind !== 'line';
  /** The font size that fits `value` in `width` on one line: the table's, or smaller. */
  const fittedSize = (value: string, width: number, isBold: boolean) => {
    pdf.font(isBold ? 'bold' : 'regular').fontSize(size);
    const wide = pdf.widthOfString(value);
    return wide <= width ? size : Math.floor(((size * width) / wide) * 10) / 10;
  };
  const oneLine = (isBold: boolean) => {
    pdf.font(isBold ? 'bold' : 'regular').fontSize(size);
    return pdf.currentLineHeight(true);
  };
  const rowHeight = (cells: Cell[], kind: RowKind) =>
    Math.max(
      ...cells.map((c, i) => {
        const col = columns[i]!;
        const inner = col.width - pad * 2;
        pdf.font(bold(kind) ? 'bold' : 'regular').fontSize(size);
        let h =
          col.money && kind !== 'header'
            ? oneLine(bold(kind))
            : pdf.heightOfString(c.text, { width: inner });
        if (c.note) h += pdf.font('regular').fontSize(noteSize).heightOfString(c.note);
        return h;
      }),
    ) +
    pad * 2;
  const drawRow = (cells: Cell[], at: number, kind: RowKind, fill?: string) => {
    const h = rowHeight(cells, kind);
    if (fill) pdf.rect(left, at, INNER, h).fill(fill);
    let x = left;
    cells.forEach((c, i) => {
      const col = columns[i]!;
      const inner = col.width - pad * 2;
      const money = col.money === true && kind !== 'header';
      pdf
        .font(bold(kind) ? 'bold' : 'regular')
        .fontSize(money ? fittedSize(c.text, inner, bold(kind)) : size)
        .fillColor(INK)
        .text(c.text, x + pad, at + pad, {
          width: inner,
          align: col.align,
          lineBreak: !money,
        });
      if (c.note)
        pdf
          .font('regular')
          .fontSize(noteSize)
          .fillColor(MUTED)
          .text(c.note, x + pad, at + pad + oneLine(bold(kind)), {
            width: inner,
            align: col.align,
            lineBreak: false,
          });
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
  const header: Cell[] = columns.map((c) => ({ text: c.title }));
  const drawHeader = (at: number) => drawRow(header, at, 'header', '#efe9e1');
  y = drawHeader(y);
  lines.forEach((line, i) => {
    const cells = columns.map((c) => ({ text: c.cell(line, i), note: c.note?.(line) }));
    if (y + rowHeight(cells, 'line') > bottom - 20) {
      pdf.addPage();
      y = text(`${title} ${document.number} (continued)`, left, PAGE.margin, { size: 8.5 }) + 6;
      y = drawHeader(y);
    }
    y = drawRow(cells, y, 'line');
  });
  const totals: Cell[] = columns.map((c, i) => ({
    text: i === 1 ? 'Total' : (c.total?.(document) ?? ''),
  }));
  // The totals row and what follows it (words, tax, a two-line signatory block) stay together.
  if (y + rowHeight(totals, 'totals') + 160 > bottom) {
    pdf.addPage();
    y = text(`${title} ${document.number} (continued)`, left, PAGE.margin, { size: 8.5 }) + 6;
    y = drawHeader(y);
  }
  y = drawRow(totals, y, 'totals', '#f6f3ee');
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
  const signed = text(`For ${seller.legalName}`, left + INNER / 2, y, {
    width: INNER / 2,
    align: 'right',
    bold: true,
  });
  // Room to sign below the seller's name, however many lines that name takes.
  text(`Authorised signatory: ${seller.signatory}`, left + INNER / 2, signed + SIGNATURE_SPACE, {
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
