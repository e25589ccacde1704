import type { ReactNode } from 'react';

/**
 * ruled: the shopper's totals (cart, checkout), rows parted by lines, a larger total;
 * compact: /admin's order card, tight rows without lines.
 */
export type TotalsLook = 'ruled' | 'compact';

export interface TotalsRow {
  label: ReactNode;
  /** Formatted by the caller (formatPrice, a struck-through fee, "−₹120"). */
  amount: ReactNode;
  /** A saving (a discount), shown in the saving colour. */
  saving?: boolean;
  testId?: string;
}

// Whole class strings, the ones the three lists had (docs/decisions/104-shared-ui-primitives.md).
const LOOKS: Record<
  TotalsLook,
  { list: string; first: string; row: string; total: string; saving: string }
> = {
  ruled: {
    list: 'space-y-3 text-sm',
    first: 'flex justify-between',
    row: 'flex justify-between border-t border-line pt-3',
    total: 'flex justify-between border-t border-line pt-3 text-base font-semibold',
    saving: 'font-medium text-sale tabular-nums',
  },
  compact: {
    list: 'space-y-0.5 text-sm',
    first: 'flex justify-between',
    row: 'flex justify-between',
    total: 'flex justify-between font-semibold',
    saving: 'text-sale tabular-nums',
  },
};

/** Label and amount rows (subtotal, delivery, discount) and the emphasised total, as a <dl>. */
export function TotalsList({
  rows,
  total,
  look = 'ruled',
  className,
}: {
  rows: readonly TotalsRow[];
  total: Omit<TotalsRow, 'saving'>;
  look?: TotalsLook;
  /** Layout only (margins). */
  className?: string;
}) {
  const classes = LOOKS[look];
  return (
    <dl className={className ? `${className} ${classes.list}` : classes.list}>
      {rows.map((row, index) => (
        <div key={index} className={index === 0 ? classes.first : classes.row}>
          <dt className="text-muted">{row.label}</dt>
          <dd data-testid={row.testId} className={row.saving ? classes.saving : 'tabular-nums'}>
            {row.amount}
          </dd>
        </div>
      ))}
      <div className={classes.total}>
        <dt>{total.label}</dt>
        <dd data-testid={total.testId} className="tabular-nums">
          {total.amount}
        </dd>
      </div>
    </dl>
  );
}
