import { describe, expect, it } from 'vitest';
import { planSizeChange, sizeChangeMessage } from './size-change';

const sizes = { from: 'M', to: 'L' };

describe('planSizeChange and its words', () => {
  it.each([
    // from, to, left in L → moved, L after, M after, message
    [3, 0, 10, 3, 3, 0, 'Size changed to L'],
    [2, 3, 10, 2, 5, 0, 'Size changed to L, merged into that line: now 5'],
    [3, 9, 50, 1, 10, 2, 'Size L has 10, the most per order line: 2 stay in size M'],
    [3, 2, 4, 2, 4, 1, 'Only 4 left in size L: 1 stays in size M'],
    [1, 10, 10, 0, 10, 1, 'Size L has 10, the most per order line'],
    [2, 0, 0, 0, 0, 2, 'Size L is sold out'],
    // A line already beyond what is left takes nothing more.
    [2, 5, 3, 0, 5, 2, 'Only 3 left in size L'],
  ])('%i of M onto %i of L with %i left', (fromQ, toQ, toLeft, moved, to, from, message) => {
    const plan = planSizeChange({ fromQuantity: fromQ, toQuantity: toQ, toLeft });
    expect([plan.moved, plan.to, plan.from]).toEqual([moved, to, from]);
    expect(sizeChangeMessage(plan, sizes, toLeft)).toBe(message);
  });
});
