import { DELIVERY_FEE } from '@vastra/shared/constants';
import type { OrderTotals } from '@vastra/shared/pricing/coupons';
import { formatPrice } from '@vastra/shared/pricing/money';
import { pictureSrcset } from '@vastra/shared/pictures/picture-widths';
import { TotalsList } from '@/components/ui/totals-list';
import { mrpTotalsOf, stockProblem, type CartLine } from '@/lib/cart/cart-lines';
import { mrpRows, YouSave } from '@/components/ui/mrp-savings';

/** The order summary: what is in the order and what it costs, with the coupon's line (docs/product.md §2). */
export function OrderSummary({
  lines,
  totals,
}: {
  lines: readonly CartLine[];
  totals: OrderTotals;
}) {
  const freeDelivery = totals.coupon !== null && totals.deliveryFee === 0 && totals.subtotal > 0;
  const mrp = mrpTotalsOf(lines);
  return (
    <section aria-labelledby="order-summary-title" className="border border-line bg-white/60 p-5">
      <h2 id="order-summary-title" className="font-serif text-lg tracking-[0.16em] uppercase">
        Order <span className="font-semibold">Summary</span>
      </h2>
      <ul
        aria-label="Items in this order"
        className="mt-4 divide-y divide-line border-y border-line"
      >
        {lines.map((line) => {
          const problem = stockProblem(line);
          return (
            <li key={line.key} data-testid="summary-line" className="flex items-center gap-3 py-3">
              {line.product.image[0] ? (
                <img
                  src={line.product.image[0]}
                  srcSet={pictureSrcset(line.product.image[0])}
                  sizes="48px"
                  alt=""
                  width={48}
                  height={60}
                  className="h-[60px] w-12 shrink-0 bg-line/60 object-cover"
                />
              ) : (
                <div className="h-[60px] w-12 shrink-0 bg-line/60" />
              )}
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium">{line.product.name}</p>
                <p className="text-xs text-muted">
                  Size {line.size} · Qty {line.quantity}
                </p>
                {problem && (
                  <p data-testid="summary-line-stock" className="text-xs font-medium text-accent">
                    {problem}
                  </p>
                )}
              </div>
              <p className="text-sm tabular-nums">
                {formatPrice(line.product.price * line.quantity)}
              </p>
            </li>
          );
        })}
      </ul>
      <TotalsList
        className="mt-4"
        rows={[
          ...mrpRows(mrp, 'summary'),
          { label: 'Subtotal', amount: formatPrice(totals.subtotal), testId: 'summary-subtotal' },
          {
            label: 'Delivery Fee',
            testId: 'summary-delivery-fee',
            amount: freeDelivery ? (
              <>
                <span className="mr-2 text-muted line-through">{formatPrice(DELIVERY_FEE)}</span>
                <span className="font-medium text-sale">Free</span>
              </>
            ) : (
              formatPrice(totals.deliveryFee)
            ),
          },
          ...(totals.discount > 0
            ? [
                {
                  label: `Discount (${totals.coupon})`,
                  amount: `−${formatPrice(totals.discount)}`,
                  saving: true,
                  testId: 'summary-discount',
                },
              ]
            : []),
        ]}
        total={{ label: 'Total', amount: formatPrice(totals.total), testId: 'summary-total' }}
      />
      <YouSave amount={(mrp?.discount ?? 0) + totals.discount} testId="summary" />
    </section>
  );
}
