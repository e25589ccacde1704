import { PRODUCT_DATA_ID } from '@vastra/shared/links/page-data';
import { answerGuards } from './answer-guards';
import { catalogueKeys } from './catalogue-keys';
import { takePageData } from './page-data';
import { setQueryData } from './query';

/**
 * A product page's HTML carries the product as `GET /api/product/:id` answers it
 * (docs/decisions/154-product-page-carries-its-product.md). Put in the cache before the first
 * render, it is the product page's answer, read once per page load as a fetched one is, so the
 * page draws the product at once instead of a skeleton and one more round trip. Checked by the
 * same guard as the API's answer; anything else is ignored and the page asks the API as before.
 */
export function adoptPageProduct(): void {
  const answer = takePageData(PRODUCT_DATA_ID);
  if (answer === undefined) return;
  const checked = answerGuards['catalog.product'].safeParse(answer);
  if (checked.success)
    setQueryData(catalogueKeys.product(checked.data.product._id), checked.data.product);
}
