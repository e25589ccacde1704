import {
  productIdParamsSchema,
  productListResponseSchema,
  productResponseSchema,
} from '../../schemas/product';
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
  bestsellers: {
    ...routes.catalog.bestsellers,
    schema: {
      summary: 'The home page’s best sellers (docs/architecture.md §4.7)',
      tags,
      response: { 200: productListResponseSchema, ...refusals(500) },
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
