import { useQuery } from '@/lib/query';
import { getAdminProduct } from '../api/admin-calls';
import { productKey } from '../admin-keys';

/**
 * One product as the owner sees it (with its stock on hand, held and available per size), for the
 * edit form and the stock history. The list puts the product it opens in the cache first
 * (`productKey`), so the screen shows it at once and reloads it fresh behind.
 */
export function useAdminProduct(id: string) {
  return useQuery(productKey(id), (signal) => getAdminProduct(id, signal));
}
