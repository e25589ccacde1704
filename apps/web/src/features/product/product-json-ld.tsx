import { BRAND_LABELS, CURRENCY_CODE, type Brand } from '@vastra/shared/constants';
import type { Product } from '@vastra/shared/schemas/product';

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
      url: new URL(`/product/${product._id}`, origin).href,
      priceCurrency: CURRENCY_CODE,
      price: product.price.toFixed(2),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

/**
 * A JSON-LD data block. The CSP's `script-src 'self'` does not apply: a script whose type is not
 * JavaScript is never executed. `<` is escaped so a product text can never close the element.
 */
export function ProductJsonLd({ product }: { product: Product }) {
  const json = JSON.stringify(productStructuredData(product, window.location.origin)).replace(
    /</g,
    '\\u003c',
  );
  return (
    <script
      type="application/ld+json"
      data-testid="product-json-ld"
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
