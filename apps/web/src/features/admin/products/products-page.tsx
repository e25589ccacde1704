import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BRAND_LABELS, type Brand } from '@vastra/shared/constants';
import { formatPrice } from '@vastra/shared/pricing/money';
import type { AdminProduct } from '@vastra/shared/schemas/admin';
import { toastApiError } from '@/lib/api-client';
import { titleCase } from '@/lib/format';
import { useDocumentMeta } from '@/lib/document-meta';
import { notify } from '@/lib/toast';
import { deleteProduct, getAdminProducts, type ProductListFilters } from '../api/admin-calls';
import { formatDate } from '../format';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyPanel } from '@/components/ui/empty-state';
import { beforeData, Thumb, card, PageHeading, Pager, Toggle, useConfirm } from '../ui';
import { setQueryData, useQuery } from '@/lib/query';
import { invalidateProducts, productKey, PRODUCTS_KEY } from '../admin-keys';
import { compactStock, sizeLines } from '../stock/stock-words';

const PAGE_SIZE = 20;

function readFilters(search: URLSearchParams): ProductListFilters {
  const page = Number(search.get('page'));
  return {
    search: search.get('search') ?? '',
    deleted: search.get('show') === 'deleted' ? 'only' : 'exclude',
    sort: search.get('sort') === 'stock' ? 'stock' : 'newest',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** /admin/products: the catalogue with search, the deleted ones on request, add, edit, delete. */
export function ProductsPage() {
  useDocumentMeta('Admin · Products');
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [text, setText] = useState(filters.search);
  const [confirmDialog, confirm] = useConfirm();
  const [deleting, setDeleting] = useState<string | null>(null);
  const list = useQuery(
    [...PRODUCTS_KEY, filters],
    (signal) => getAdminProducts(filters, PAGE_SIZE, signal),
    { keepPreviousData: true },
  );

  const update = (change: Partial<ProductListFilters>) => {
    const next = { ...filters, page: 1, ...change };
    const search = new URLSearchParams();
    if (next.search.trim()) search.set('search', next.search.trim());
    if (next.deleted === 'only') search.set('show', 'deleted');
    if (next.sort === 'stock') search.set('sort', 'stock');
    if (next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: text });
  };

  const remove = async (product: AdminProduct) => {
    const ok = await confirm({
      title: `Delete “${product.name}”?`,
      text: 'It leaves the shop at once: shoppers can no longer find or buy it. Orders that hold it keep their copy.',
      confirm: 'Delete product',
      danger: true,
    });
    if (!ok) return;
    setDeleting(product._id);
    try {
      const answer = await deleteProduct(product._id);
      notify.success(answer.message);
      // This page reloads in place; other pages of the list, and the shop's catalogue, afresh.
      invalidateProducts();
    } catch (error) {
      toastApiError(error);
    } finally {
      setDeleting(null);
    }
  };

  let body;
  if (list.data === undefined) body = beforeData(list, 'the products');
  else if (list.data.products.length === 0)
    body = filters.search ? (
      <EmptyPanel
        title="No products match"
        text={`Nothing is called or described as “${filters.search}”.`}
      >
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            setText('');
            update({ search: '' });
          }}
        >
          Clear the search
        </Button>
      </EmptyPanel>
    ) : filters.deleted === 'only' ? (
      <EmptyPanel title="No deleted products" text="Products you delete are listed here." />
    ) : (
      <EmptyPanel title="No products yet" text="Add the first one with its pictures.">
        <Link to="/admin/products/new" className={buttonClass('primary')}>
          Add a product
        </Link>
      </EmptyPanel>
    );
  else {
    const { products, page, pageSize, total } = list.data;
    body = (
      <>
        <p role="status" className="mb-3 text-sm text-muted">
          {total === 1 ? '1 product' : `${total} products`}
          {filters.search ? ` matching “${filters.search}”` : ''}
          {filters.sort === 'stock' ? ', lowest stock first' : ''}
        </p>
        <ul
          aria-label="Products"
          aria-busy={list.fetching}
          className={`space-y-3 ${list.fetching ? 'opacity-60' : ''}`}
        >
          {products.map((product) => (
            <li
              key={product._id}
              data-testid="admin-product"
              className={`${card} flex flex-wrap items-center gap-4 p-3 sm:flex-nowrap sm:p-4`}
            >
              <Thumb src={product.image[0]} size="md" />
              <div className="min-w-0 flex-1 basis-40">
                <p className="font-medium break-words">{product.name}</p>
                <p className="mt-0.5 text-xs text-muted">
                  {BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory} ·{' '}
                  {titleCase(product.category)} · Sizes {product.sizes.join(', ')}
                </p>
                <p className="mt-0.5 text-xs text-muted">
                  {product.deletedAt === null
                    ? `Added ${formatDate(product.date)}`
                    : `Deleted ${formatDate(product.deletedAt)}`}
                </p>
              </div>
              {/* A deleted product has nothing on sale: its stock would only read "sold out". */}
              {product.deletedAt === null && <StockCell product={product} />}
              <p className="w-20 text-right font-medium tabular-nums">
                {formatPrice(product.price)}
              </p>
              {product.deletedAt === null && (
                <div className="order-2 flex w-full gap-2 sm:order-none sm:w-auto">
                  <Link
                    to={`/admin/products/${product._id}`}
                    // The form opens on this row at once and reloads it behind (decision 106).
                    onClick={() => setQueryData(productKey(product._id), product)}
                    className={`flex-1 sm:flex-none ${buttonClass('secondary')}`}
                    aria-label={`Edit ${product.name}`}
                  >
                    Edit
                  </Link>
                  <Button
                    variant="danger"
                    onClick={() => void remove(product)}
                    disabled={deleting === product._id}
                    className="flex-1 sm:flex-none"
                    aria-label={`Delete ${product.name}`}
                  >
                    Delete
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
        <Pager page={page} pageSize={pageSize} total={total} onPage={(n) => update({ page: n })} />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title="Products"
        text="What the shop sells. A change shows in the storefront at once."
        actions={
          <Link to="/admin/products/new" className={buttonClass('primary')}>
            Add product
          </Link>
        }
      />
      <div className="mb-5 flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={onSearch} className="flex min-w-0 flex-1 basis-64 gap-2">
          <label htmlFor="product-search" className="sr-only">
            Search products
          </label>
          <input
            id="product-search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search by name or description"
            className="min-w-0 flex-1 border border-field bg-white px-3 py-2.5 text-[15px] focus:border-ink"
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <Toggle
          label="Show"
          options={[
            ['exclude', 'In the shop'],
            ['only', 'Deleted'],
          ]}
          value={filters.deleted}
          onChange={(deleted) => update({ deleted })}
        />
        <Toggle
          label="Order"
          options={[
            ['newest', 'Newest'],
            ['stock', 'Lowest stock'],
          ]}
          value={filters.sort}
          onChange={(sort) => update({ sort })}
        />
      </div>
      {body}
      {confirmDialog}
    </>
  );
}

/**
 * The product's stock in a line: what each size has available to sell (`S 12 · M 0 · L 3`), a
 * sold-out size struck through in the accent colour and named so, then the total available and
 * what unpaid orders hold.
 */
function StockCell({ product }: { product: AdminProduct }) {
  const lines = sizeLines(product.sizes, product.stock);
  const held = lines.reduce((sum, line) => sum + line.held, 0);
  return (
    // On a phone it takes its own line under the name and price; beside them from 640 px.
    <div
      data-testid="admin-product-stock"
      className="order-1 w-full text-xs sm:order-none sm:w-64 sm:shrink-0"
    >
      <p className="sr-only">Available per size: {compactStock(lines)}</p>
      <p aria-hidden="true" className="flex flex-wrap gap-x-1.5 gap-y-0.5 tabular-nums">
        {lines.map((line, n) => (
          <span key={line.size} className="whitespace-nowrap">
            {n > 0 && <span className="mr-1.5 text-muted">·</span>}
            {line.soldOut ? (
              <span className="text-accent line-through decoration-1" title="Sold out">
                {line.size} 0
              </span>
            ) : (
              <>
                <span className="text-muted">{line.size}</span> {line.available}
              </>
            )}
          </span>
        ))}
      </p>
      <p className="mt-0.5 text-muted">
        <span data-testid="admin-product-available" className="font-medium text-ink">
          {product.available} available
        </span>
        {held > 0 && ` · ${held} held`}
        {lines.some((line) => line.soldOut) && (
          <span className="text-accent">
            {' '}
            · Sold out:{' '}
            {lines
              .filter((line) => line.soldOut)
              .map((line) => line.size)
              .join(', ')}
          </span>
        )}
      </p>
    </div>
  );
}
