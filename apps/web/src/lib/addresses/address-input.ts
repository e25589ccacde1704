import type { AddressDraft } from './address-fields';

/**
 * The delivery form's text → what the server's addressSchema takes (docs/product.md §3): state is
 * the one optional field, so a blank state is left out rather than refused.
 */
export function addressInput(draft: AddressDraft): Record<string, string | undefined> {
  return { ...draft, state: draft.state.trim() === '' ? undefined : draft.state };
}
