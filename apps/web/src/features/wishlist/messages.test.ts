import { describe, expect, it } from 'vitest';
import { WISHLIST_MESSAGES } from '@vastra/shared/schemas/wishlist';
import { WISHLIST_TEXT } from './messages';

describe('WISHLIST_TEXT', () => {
  it("says a removed product went in the server's words", () => {
    expect(WISHLIST_TEXT.gone).toBe(WISHLIST_MESSAGES.gone);
  });
});
