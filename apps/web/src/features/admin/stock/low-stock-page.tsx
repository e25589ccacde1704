import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { STOCK_LIMITS, stockThresholdSchema } from '@vastra/shared/schemas/stock';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { useSchemaForm } from '@/components/ui/form';
import { getLowStock } from '../api/admin-calls';
import { lowStockKey } from '../admin-keys';
import { beforeData, PageHeading, Thumb } from '../ui';
import { StockCell, StockRow, StockTable } from './stock-table';

/** The threshold in the page's address (`?threshold=2`); the default is left out. */
function thresholdFrom(search: URLSearchParams): number {
  const raw = search.get('threshold');
  const parsed = raw ? stockThresholdSchema.safeParse(raw) : undefined;
  return parsed?.success ? parsed.data : STOCK_LIMITS.lowStockDefault;
}

const thresholdFormSchema = z.object({ threshold: stockThresholdSchema });

/** Units of one size in words, for the low-stock rows. */
function units(n: number): string {
  return n === 1 ? '1 unit' : `${n} units`;
}

/**
 * /admin/stock: every size of every product in the shop with this many units or fewer left to
 * sell (available = on hand − held by unpaid orders), fewest first, each with a way to its form.
 */
export function LowStockPage() {
  useDocumentMeta('Admin · Low stock');
  const [params, setParams] = useSearchParams();
  const threshold = thresholdFrom(params);
  const list = useQuery(lowStockKey(threshold), (signal) => getLowStock(threshold, signal), {
    keepPreviousData: true,
  });
  const show = (next: number) => {
    const search = new URLSearchParams();
    if (next !== STOCK_LIMITS.lowStockDefault) search.set('threshold', String(next));
    setParams(search);
  };

  let body;
  if (list.data === undefined) body = beforeData(list, 'the low stock');
  else if (list.data.rows.length === 0)
    body = (
      <EmptyPanel
        title="Nothing is running low"
        text={`Every size of every product has more than ${units(threshold)} available.`}
      />
    );
  else {
    const { rows } = list.data;
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted">
          {rows.length === 1 ? '1 size' : `${rows.length} sizes`} with {units(threshold)} or fewer
          available, fewest first
        </p>
        <StockTable
          caption={`Sizes with ${units(threshold)} or fewer available`}
          headings={['Product', 'Size', 'Available', 'On hand', 'Held', '']}
          numeric={['Available', 'On hand', 'Held']}
          busy={list.fetching}
        >
          {rows.map((row) => (
            <StockRow key={`${row.productId}:${row.size}`} testId="low-stock-row" pairs>
              <td className="col-span-2 flex items-center gap-3 pb-2 sm:table-cell sm:px-3 sm:py-2.5">
                <span className="flex items-center gap-3">
                  <Thumb src={row.image ?? undefined} size="sm" />
                  <span className="font-medium break-words">{row.name}</span>
                </span>
              </td>
              <StockCell label="Size">{row.size}</StockCell>
              <StockCell label="Available" align="right">
                {row.available === 0 ? (
                  <span className="font-medium whitespace-nowrap text-accent">Sold out</span>
                ) : (
                  <span className="font-medium">{row.available}</span>
                )}
              </StockCell>
              <StockCell label="On hand" align="right">
                {row.onHand}
              </StockCell>
              <StockCell label="Held" align="right">
                {row.held}
              </StockCell>
              <td className="col-span-2 flex gap-2 pt-2 sm:table-cell sm:px-3 sm:py-2.5 sm:text-right sm:whitespace-nowrap">
                <Link
                  to={`/admin/products/${row.productId}`}
                  className={`flex-1 sm:flex-none ${buttonClass('secondary')}`}
                  aria-label={`Edit ${row.name}`}
                >
                  Edit
                </Link>
                <Link
                  to={`/admin/products/${row.productId}/stock`}
                  className={`flex-1 sm:ml-2 sm:flex-none ${buttonClass('secondary')}`}
                  aria-label={`Stock history of ${row.name}`}
                >
                  History
                </Link>
              </td>
            </StockRow>
          ))}
        </StockTable>
      </>
    );
  }

  return (
    <>
      <PageHeading
        title="Low stock"
        text="Sizes nearly or wholly sold out. Units held by unpaid orders are not available until those orders are paid or let go."
      />
      {/* Keyed by the address's threshold: the back button puts its number back in the box. */}
      <ThresholdForm key={threshold} threshold={threshold} onShow={show} />
      {body}
    </>
  );
}

function ThresholdForm({
  threshold,
  onShow,
}: {
  threshold: number;
  onShow: (threshold: number) => void;
}) {
  const form = useSchemaForm<{ threshold: string }, { threshold: number }>({
    schema: thresholdFormSchema,
    defaultValues: { threshold: String(threshold) },
    // A blank box is "not given", not 0.
    prepare: (draft) => ({
      threshold: draft.threshold.trim() === '' ? undefined : draft.threshold.trim(),
    }),
  });
  return (
    <form
      onSubmit={form.handleSubmit((values) => onShow(values.threshold))}
      noValidate
      className="mb-5 flex flex-wrap items-start gap-3"
    >
      <TextField
        label="Available at most"
        inputMode="numeric"
        className="w-44"
        {...form.field('threshold')}
      />
      <Button type="submit" variant="secondary" className="mt-[1.6rem]">
        Show
      </Button>
    </form>
  );
}
