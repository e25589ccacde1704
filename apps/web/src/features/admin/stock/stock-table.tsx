import type { ReactNode } from 'react';

/**
 * The stock screens' table (the low-stock view, a product's history): a real table from 640 px;
 * on a phone each row is a card and each cell carries its own label, since seven columns do not fit
 * 360 px and a sideways-scrolling table hides what matters. There the headings stay for screen
 * readers (sr-only, not hidden), so every cell keeps its column's header.
 */
export function StockTable({
  caption,
  headings,
  numeric = [],
  busy = false,
  children,
}: {
  caption: string;
  headings: readonly string[];
  /** The headings of number columns: right-aligned, over their right-aligned cells. */
  numeric?: readonly string[];
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="sm:border sm:border-line sm:bg-white/70">
      <table
        aria-busy={busy}
        className={`block w-full text-sm sm:table ${busy ? 'opacity-60' : ''}`}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only border-b border-line text-left sm:not-sr-only sm:table-header-group">
          <tr>
            {headings.map((heading) => (
              <th
                key={heading}
                scope="col"
                className={`px-3 py-2.5 text-[11px] font-medium tracking-[0.14em] whitespace-nowrap text-muted uppercase ${
                  numeric.includes(heading) ? 'text-right' : ''
                }`}
              >
                {/* A column without a visible heading (the row's link) still has a name. */}
                {heading || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A row; on a phone a card whose cells stack, or with `pairs` sit two to a line (short numbers;
 * a cell that must span the card has `col-span-2`).
 */
export function StockRow({
  testId,
  pairs = false,
  children,
}: {
  testId: string;
  pairs?: boolean;
  children: ReactNode;
}) {
  return (
    <tr
      data-testid={testId}
      className={`border border-line bg-white/70 px-3 py-2 sm:table-row sm:border-0 sm:border-b sm:bg-transparent sm:p-0 sm:last:border-b-0 ${
        pairs ? 'grid grid-cols-2 gap-x-5' : 'block'
      }`}
    >
      {children}
    </tr>
  );
}

/** A cell; `label` is its column's heading, shown beside the value on a phone only. */
export function StockCell({
  label,
  align = 'left',
  children,
}: {
  label: string;
  align?: 'left' | 'right';
  children: ReactNode;
}) {
  return (
    <td
      className={`flex items-baseline justify-between gap-3 py-1 sm:table-cell sm:px-3 sm:py-2.5 sm:align-middle ${
        align === 'right' ? 'sm:text-right sm:whitespace-nowrap sm:tabular-nums' : ''
      }`}
    >
      <span className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase sm:hidden">
        {label}
      </span>
      <span className={`min-w-0 text-right break-words ${align === 'left' ? 'sm:text-left' : ''}`}>
        {children}
      </span>
    </td>
  );
}
