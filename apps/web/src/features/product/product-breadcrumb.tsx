import { Link } from 'react-router';
import { productPath } from '@vastra/shared/links/product-url';
import type { Product } from '@vastra/shared/schemas/product';
import { titleCase } from '@/lib/format';
import { BreadcrumbJsonLd, type Crumb } from './product-json-ld';

/** Home › Shirts › the product: the way back up, for shoppers and, as JSON-LD, for search engines. */
function trail(product: Product): Crumb[] {
  return [
    { name: 'Home', path: '/' },
    {
      name: titleCase(product.category),
      path: `/collection?category=${encodeURIComponent(product.category)}`,
    },
    { name: product.name, path: productPath(product) },
  ];
}

/** The product page's breadcrumb (docs/decisions/141-links-that-travel.md). */
export function ProductBreadcrumb({ product }: { product: Product }) {
  const crumbs = trail(product);
  const here = crumbs.at(-1)!;
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-xs text-muted" data-testid="breadcrumb">
      <BreadcrumbJsonLd crumbs={crumbs} />
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {crumbs.slice(0, -1).map((crumb) => (
          <li key={crumb.path} className="flex items-center gap-1.5">
            <Link
              to={crumb.path}
              className="inline-flex min-h-6 items-center hover:text-ink hover:underline hover:underline-offset-2"
            >
              {crumb.name}
            </Link>
            <span aria-hidden="true">›</span>
          </li>
        ))}
        <li aria-current="page" className="line-clamp-1 min-w-0 text-ink">
          {here.name}
        </li>
      </ol>
    </nav>
  );
}
