import { catalogueAnswerSchema, catalogueQuerySchema } from '../../schemas/catalogue-query';
import {
  productIdParamsSchema,
  productListResponseSchema,
  productResponseSchema,
} from '../../schemas/product';
import { productIdsQuerySchema } from '../../schemas/screen-products';
import { videoListResponseSchema } from '../../schemas/video';
import { endpointGroup, refusals } from '../endpoint';
import { routes } from '../routes';

const tags = ['Catalogue'] as const;

/** The public catalogue and home-page calls (docs/product.md §7). */
export const catalog = endpointGroup({
  list: {
    ...routes.catalog.list,
    schema: {
      summary: 'Every product on sale, newest first',
      description: 'Sent pre-compressed from a snapshot kept per catalogue change (decision 005).',
      tags,
      response: { 200: productListResponseSchema, ...refusals(500) },
    },
  },
  query: {
    ...routes.catalog.query,
    schema: {
      summary:
        'One page of the collection: filtered, searched, sorted, with counts per filter value',
      description:
        'PostgreSQL filters, searches and sorts; keyset paging by cursor, so pages neither repeat ' +
        'nor skip while products are added (docs/decisions/139-catalogue-query.md).',
      tags,
      querystring: catalogueQuerySchema,
      response: { 200: catalogueAnswerSchema, ...refusals(400) },
    },
  },
  bestsellers: {
    ...routes.catalog.bestsellers,
    schema: {
      summary: 'The home page’s best sellers (docs/architecture.md §4.7)',
      description:
        'Most units sold first; topped up, never with the latest row, by the best rated, then ' +
        'the most discounted (docs/decisions/146-screens-ask-for-what-they-show.md).',
      tags,
      response: { 200: productListResponseSchema, ...refusals(500) },
    },
  },
  latest: {
    ...routes.catalog.latest,
    schema: {
      summary: 'The home page’s latest collection: the newest products, newest first',
      tags,
      response: { 200: productListResponseSchema, ...refusals(500) },
    },
  },
  related: {
    ...routes.catalog.related,
    schema: {
      summary: 'The product page’s related row: same category, the same brand first',
      description: 'docs/decisions/142-related-products-fill.md; an unknown product is a 404.',
      tags,
      params: productIdParamsSchema,
      response: { 200: productListResponseSchema, ...refusals(400, 404) },
    },
  },
  byIds: {
    ...routes.catalog.byIds,
    schema: {
      summary: 'Products by id, in the order asked: a cart’s or checkout’s lines',
      description:
        'At most as many ids as a cart has lines; deleted or unknown products are left out.',
      tags,
      querystring: productIdsQuerySchema,
      response: { 200: productListResponseSchema, ...refusals(400) },
    },
  },
  product: {
    ...routes.catalog.product,
    schema: {
      summary: 'One product on sale',
      tags,
      params: productIdParamsSchema,
      response: { 200: productResponseSchema, ...refusals(400, 404) },
    },
  },
  videos: {
    ...routes.catalog.videos,
    schema: {
      summary: 'The home carousel’s clips, in order',
      tags,
      response: { 200: videoListResponseSchema, ...refusals(500) },
    },
  },
});
