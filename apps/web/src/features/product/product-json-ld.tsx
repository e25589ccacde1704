import { BRAND_LABELS, CURRENCY_CODE, type Brand } from '@vastra/shared/constants';
import { productPath } from '@vastra/shared/links/product-url';
import type { Product } from '@vastra/shared/schemas/product';

/** One step of a breadcrumb: its words and the shop address it links to. */
export interface Crumb {
  name: string;
  path: string;
}

/** schema.org Product data for search engines, with the price in INR. */
function productStructuredData(product: Product, origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    productID: product._id,
    name: product.name,
    description: product.description,
    image: product.image.map((src) => new URL(src, origin).href),
    category: product.category,
    brand: {
      '@type': 'Brand',
      name: BRAND_LABELS[product.subCategory as Brand] ?? product.subCategory,
    },
    offers: {
      '@type': 'Offer',
      url: new URL(productPath(product), origin).href,
      priceCurrency: CURRENCY_CODE,
      price: product.price.toFixed(2),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/** schema.org BreadcrumbList: the trail search results show instead of the bare address. */
function breadcrumbStructuredData(crumbs: readonly Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: new URL(crumb.path, origin).href,
    })),
  };
}

/**
 * A JSON-LD data block. The CSP's `script-src 'self'` does not apply: a script whose type is not
 * JavaScript is never executed. `<` is escaped so a product text can never close the element.
 */
function JsonLd({ data, testId }: { data: Record<string, unknown>; testId: string }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return (
    <script
      type="application/ld+json"
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

export function ProductJsonLd({ product }: { product: Product }) {
  return (
    <JsonLd
      data={productStructuredData(product, window.location.origin)}
      testId="product-json-ld"
    />
  );
}

/** The breadcrumb's trail as BreadcrumbList data (docs/decisions/141-links-that-travel.md). */
export function BreadcrumbJsonLd({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <JsonLd
      data={breadcrumbStructuredData(crumbs, window.location.origin)}
      testId="breadcrumb-json-ld"
    />
  );
}
