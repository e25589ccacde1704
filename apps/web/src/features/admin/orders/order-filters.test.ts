import { describe, expect, it } from 'vitest';
import { adminOrderListQuerySchema } from '@vastra/shared/schemas/admin';
import { filtersFromSearch, filtersToSearch, ordersApiQuery } from './order-filters';

const from = (query: string) => filtersFromSearch(new URLSearchParams(query));

describe('order filters ⇄ query string', () => {
  it('reads the known values', () => {
    expect(from('status=Out+for+delivery&payment=unpaid&method=cod&page=3')).toEqual({
      status: 'Out for delivery',
      payment: 'unpaid',
      paymentMethod: 'cod',
      page: 3,
    });
  });

  it('drops unknown values and bad pages', () => {
    expect(from('status=Lost&payment=maybe&method=cheque&page=-2')).toEqual({
      status: undefined,
      payment: undefined,
      paymentMethod: undefined,
      page: 1,
    });
    expect(from('page=1.5').page).toBe(1);
    expect(from('').page).toBe(1);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(filtersToSearch({ page: 1 }).toString()).toBe('');
    const filters = {
      status: 'Packing',
      payment: 'paid',
      paymentMethod: 'razorpay',
      page: 2,
    } as const;
    const search = filtersToSearch(filters);
    expect(search.toString()).toBe('status=Packing&payment=paid&method=razorpay&page=2');
    expect(filtersFromSearch(search)).toEqual(filters);
  });

  it('asks the API with its own parameter names, which its query schema accepts', () => {
    const query = ordersApiQuery({ status: 'Order Placed', paymentMethod: 'cod', page: 2 }, 20);
    expect(query).toEqual({
      view: 'active',
      status: 'Order Placed',
      paymentMethod: 'cod',
      page: 2,
      pageSize: 20,
    });
    expect(adminOrderListQuerySchema.parse(query)).toEqual(query);
  });

  it('without filters asks for the first page of the active orders', () => {
    expect(ordersApiQuery({ page: 1 })).toEqual({ view: 'active', page: 1, pageSize: 20 });
  });

  it('the view: active is the default, left out of the address; every view is sent as the API names it', () => {
    expect(from('view=active')).toEqual({ page: 1 });
    expect(from('view=lost').view).toBeUndefined();
    for (const view of ['closed-unpaid', 'refund-due', 'all'] as const) {
      const filters = from(`view=${view}`);
      expect(filters.view).toBe(view);
      expect(filtersToSearch(filters).toString()).toBe(`view=${view}`);
      const query = ordersApiQuery(filters);
      expect(query).toEqual({ view, page: 1, pageSize: 20 });
      expect(adminOrderListQuerySchema.parse(query)).toEqual(query);
    }
    expect(filtersToSearch({ view: 'active', page: 1 }).toString()).toBe('');
  });
});
