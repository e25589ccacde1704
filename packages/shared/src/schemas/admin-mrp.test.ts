import { describe, expect, it } from 'vitest';
import {
  ADMIN_PRODUCT_MESSAGES as M,
  adminProductCreateSchema,
  adminProductUpdateSchema,
} from './admin';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the MRP of the admin product schemas (docs/decisions/126-mrp-display.md)', () => {
  it('refuses an MRP below the price beside the MRP, even while other fields are wrong', () => {
    const result = adminProductCreateSchema.safeParse({ price: '1499', mrp: '999', sizes: ['M'] });
    expect(messages(result)).toContainEqual(['mrp', M.mrpBelowPrice]);
    expect(messages(adminProductUpdateSchema.safeParse({ price: 1499, mrp: 999 }))).toEqual([
      ['mrp', M.mrpBelowPrice],
    ]);
  });

  it('says nothing of it while the price or the MRP is itself wrong, or the body is no object', () => {
    expect(
      messages(adminProductUpdateSchema.safeParse({ price: 'abc', mrp: 999 })),
    ).not.toContainEqual(['mrp', M.mrpBelowPrice]);
    for (const body of [null, 'text', 42, []])
      expect(adminProductUpdateSchema.safeParse(body).success).toBe(false);
  });

  it('takes a blank MRP as none, null as "clear it", and an MRP equal to the price', () => {
    expect(adminProductUpdateSchema.parse({ mrp: '' })).toEqual({ mrp: null });
    expect(adminProductUpdateSchema.parse({ mrp: null })).toEqual({ mrp: null });
    expect(adminProductUpdateSchema.parse({ price: 1499, mrp: 1499 })).toEqual({
      price: 1499,
      mrp: 1499,
    });
  });
});
