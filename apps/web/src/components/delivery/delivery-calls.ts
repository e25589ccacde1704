import { api } from '@/lib/api-client';
import { addLateTableGroups } from '@/lib/late-table-groups';

// The delivery group is a late one (docs/decisions/131): its path and answer check load with the
// product page's and the cart's chunks, which are the only ones that import this module.
addLateTableGroups();

/**
 * Whether, by when and with cash on delivery or not the shop delivers to `pin`
 * (docs/decisions/128-delivery-check.md). Rejects with the API's words for an unknown (404) or
 * malformed (400) PIN code.
 */
export async function checkDelivery(pin: string, signal?: AbortSignal) {
  return (await api.call('delivery.check', { params: { pin }, signal })).check;
}
