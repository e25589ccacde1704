import { Link, useParams, useSearchParams } from 'react-router';
import { useDocumentMeta } from '@/lib/document-meta';
import { useQuery } from '@/lib/query';
import { buttonClass } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { getStockMovements } from '../api/admin-calls';
import { stockMovementsKey } from '../admin-keys';
import { formatDateTime, orderReference } from '../format';
import { useAdminProduct } from '../products/use-admin-product';
import { beforeData, card, PageHeading, Pager } from '../ui';
import { StockCell, StockRow, StockTable } from './stock-table';
import { actorInWords, inShopOrder, reasonInWords, signed, sizeLines } from './stock-words';

function pageFrom(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/**
 * /admin/products/:id/stock: every change to a product's stock, newest first — what the owner
 * set, what orders held, sold and let go — so "where did my 12 M shirts go?" has an answer.
 */
export function StockHistoryPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = pageFrom(params);
  const product = useAdminProduct(id);
  const history = useQuery(
    stockMovementsKey(id, page),
    (signal) => getStockMovements(id, page, signal),
    { keepPreviousData: true },
  );
  const name = product.data?.name;
  useDocumentMeta(`Admin · Stock history${name ? ` · ${name}` : ''}`);

  let body;
  if (history.data === undefined) body = beforeData(history, 'the stock history');
  else if (history.data.movements.length === 0)
    body = (
      <EmptyPanel
        title="No stock changes yet"
        text="Changes appear here when stock is set, held, sold or given back."
      />
    );
  else {
    const { movements, pageSize, total } = history.data;
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted">
          {total === 1 ? '1 change' : `${total} changes, newest first`}
        </p>
        <StockTable
          caption={`Stock changes${name ? ` of ${name}` : ''}, newest first`}
          headings={['When', 'Size', 'On hand', 'Held', 'Why', 'Order', 'By']}
          numeric={['On hand', 'Held']}
          busy={history.fetching}
        >
          {movements.map((m) => (
            <StockRow key={m._id} testId="stock-movement">
              <StockCell label="When">
                <time dateTime={new Date(m.at).toISOString()}>{formatDateTime(m.at)}</time>
              </StockCell>
              <StockCell label="Size">{m.size}</StockCell>
              <StockCell label="On hand" align="right">
                <Change n={m.onHandChange} />
              </StockCell>
              <StockCell label="Held" align="right">
                <Change n={m.heldChange} />
              </StockCell>
              <StockCell label="Why">{reasonInWords(m.reason)}</StockCell>
              <StockCell label="Order">
                {m.orderId ? `#${orderReference(m.orderId)}` : '—'}
              </StockCell>
              <StockCell label="By">
                <span className="break-all">{actorInWords(m.actor)}</span>
              </StockCell>
            </StockRow>
          ))}
        </StockTable>
        <Pager
          page={history.data.page}
          pageSize={pageSize}
          total={total}
          onPage={(n) => setParams(n > 1 ? new URLSearchParams({ page: String(n) }) : {})}
        />
      </>
    );
  }

  const now = product.data;
  return (
    <>
      <PageHeading
        title="Stock history"
        text={name}
        actions={
          <>
            <Link to={`/admin/products/${id}`} className={buttonClass('secondary')}>
              Edit product
            </Link>
            <Link to="/admin/products" className={buttonClass('secondary')}>
              Back to products
            </Link>
          </>
        }
      />
      {now && (
        <dl
          aria-label="Stock now"
          className={`${card} mb-5 flex flex-wrap gap-x-6 gap-y-2 px-4 py-3 text-sm`}
        >
          {sizeLines(inShopOrder(now.sizes), now.stock).map((line) => (
            <div key={line.size} className="flex gap-2">
              <dt className="font-medium">{line.size}</dt>
              <dd className="text-muted tabular-nums">
                {now.stock[line.size]?.onHand ?? 0} on hand · {line.held} held ·{' '}
                <span className={line.soldOut ? 'font-medium text-accent' : 'text-ink'}>
                  {line.available} available
                </span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {body}
    </>
  );
}

/** A change of units, coloured: more is green, fewer the accent, none an em dash. */
function Change({ n }: { n: number }) {
  const tone = n > 0 ? 'text-sale' : n < 0 ? 'text-accent' : 'text-muted';
  return <span className={`font-medium tabular-nums ${tone}`}>{signed(n)}</span>;
}
