import { Link } from 'react-router';
import { formatPrice } from '@vastra/shared/pricing/money';
import { useDocumentMeta } from '@/lib/document-meta';
import { STOCK_LIMITS } from '@vastra/shared/schemas/stock';
import { getLowStock, getOverview } from './api/admin-calls';
import { lowStockKey, OVERVIEW_KEY } from './admin-keys';
import { useQuery } from '@/lib/query';
import { formatWeekday } from './format';
import { Button, buttonClass } from '@/components/ui/button';
import { beforeData, card, Figure, PageHeading } from './ui';

/** /admin: orders and revenue today and this week, and what is waiting to be packed. */
export function OverviewPage() {
  useDocumentMeta('Admin · Overview');
  const overview = useQuery(OVERVIEW_KEY, getOverview);

  let body;
  if (overview.data === undefined) body = beforeData(overview, 'the overview');
  else {
    const { today, week, waitingForPacking, basis } = overview.data.overview;
    body = (
      <>
        <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Figure
            label="Orders today"
            value={String(today.orders)}
            testId="overview-today-orders"
          />
          <Figure
            label="Revenue today"
            value={formatPrice(today.revenue)}
            testId="overview-today-revenue"
          />
          <Figure
            label="Orders this week"
            value={String(week.orders)}
            note={`Since ${formatWeekday(week.from)}`}
            testId="overview-week-orders"
          />
          <Figure
            label="Revenue this week"
            value={formatPrice(week.revenue)}
            testId="overview-week-revenue"
          />
        </dl>
        <div className={`${card} mt-4 flex flex-wrap items-center justify-between gap-4 p-5`}>
          <div>
            <p className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
              Waiting for packing
            </p>
            <p data-testid="overview-waiting" className="mt-1 font-serif text-3xl tabular-nums">
              {waitingForPacking}
            </p>
          </div>
          <Link to="/admin/orders?status=Order+Placed" className={buttonClass('secondary')}>
            Open these orders
          </Link>
        </div>
        <LowStockFigure />
        <details className="mt-6 text-sm text-muted">
          <summary className="cursor-pointer hover:text-ink">How these are counted</summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              Days and weeks are India’s ({basis.timeZone}); a week starts on {basis.weekStartsOn}.
            </li>
            <li>{basis.orders}.</li>
            <li>{basis.revenue}.</li>
            <li>{basis.waitingForPacking}.</li>
          </ul>
        </details>
      </>
    );
  }

  return (
    <>
      <PageHeading
        title="Overview"
        text="The shop at a glance."
        actions={
          <Button
            type="button"
            onClick={overview.refresh}
            variant="secondary"
            aria-disabled={overview.fetching}
          >
            Refresh
          </Button>
        }
      />
      {body}
    </>
  );
}

/**
 * How many sizes are running low (the low-stock view's default threshold), and the way there. Its
 * own load: the overview's figures show without waiting for it, and it shares the view's answer.
 */
function LowStockFigure() {
  const threshold = STOCK_LIMITS.lowStockDefault;
  const low = useQuery(lowStockKey(threshold), (signal) => getLowStock(threshold, signal));
  const rows = low.data?.rows;
  const soldOut = rows?.filter((row) => row.available === 0).length ?? 0;
  return (
    <div className={`${card} mt-4 flex flex-wrap items-center justify-between gap-4 p-5`}>
      <div>
        <p className="text-[11px] font-medium tracking-[0.14em] text-muted uppercase">
          Sizes with {threshold} or fewer available
        </p>
        <div data-testid="overview-low-stock" className="mt-1 font-serif text-3xl tabular-nums">
          {rows ? rows.length : low.error !== undefined && !low.fetching ? '—' : '…'}
        </div>
        {rows && soldOut > 0 && <p className="mt-1 text-xs text-accent">{soldOut} sold out</p>}
        {low.error !== undefined && !low.fetching && rows === undefined && (
          <p className="mt-1 text-xs text-muted">
            Could not load.{' '}
            <button type="button" onClick={low.refresh} className="underline underline-offset-2">
              Try again
            </button>
          </p>
        )}
      </div>
      <Link to="/admin/stock" className={buttonClass('secondary')}>
        See low stock
      </Link>
    </div>
  );
}
