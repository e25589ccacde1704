import { z } from 'zod';
import { LIMITS } from '../constants';
import { text } from './common';

/*
 * What the storefront's screens ask of the catalogue instead of the whole list
 * (docs/decisions/146-screens-ask-for-what-they-show.md): the products of a cart's or checkout's
 * lines by id. Answers are the list's product shape, so the screens keep their types and the
 * first chunk's hand-written answer check (docs/decisions/022).
 */

/** A cart has at most this many lines, so no screen asks for more products by id. */
export const PRODUCT_IDS_MAX = LIMITS.cartLinesMax;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PRODUCT_IDS_MESSAGES = {
  ids: `ids must be from 1 to ${PRODUCT_IDS_MAX} product ids, comma-separated`,
} as const;

/** `?ids=a,b` or `?ids=a&ids=b`: distinct product ids, in the order given. */
export const productIdsQuerySchema = z.object({
  ids: z
    .union([text(), z.array(text())], { error: PRODUCT_IDS_MESSAGES.ids })
    .transform((raw, ctx) => {
      const ids = [
        ...new Set(
          (Array.isArray(raw) ? raw : [raw])
            .flatMap((v) => v.split(','))
            .map((v) => v.trim().toLowerCase())
            .filter((v) => v !== ''),
        ),
      ];
      if (ids.length === 0 || ids.length > PRODUCT_IDS_MAX || !ids.every((id) => UUID.test(id))) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_IDS_MESSAGES.ids });
        return z.NEVER;
      }
      return ids;
    }),
});
export type ProductIdsQuery = z.infer<typeof productIdsQuerySchema>;
