import { addressSchema, type Address } from '@vastra/shared/schemas/order';
import type { AddressDraft, AddressErrors, AddressField } from './address-fields';

/**
 * The server's own address rules (packages/shared), run before sending so the shopper sees every
 * problem at once, beside its field, in the words the API would use.
 */
export function validateAddress(
  draft: AddressDraft,
): { ok: true; address: Address } | { ok: false; errors: AddressErrors } {
  const input = { ...draft, state: draft.state.trim() === '' ? undefined : draft.state };
  const result = addressSchema.safeParse(input);
  if (result.success) return { ok: true, address: result.data };
  const errors: AddressErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as AddressField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** One field's message, for checking it when the shopper leaves it. */
export function fieldError(draft: AddressDraft, field: AddressField): string | undefined {
  const result = validateAddress(draft);
  return result.ok ? undefined : result.errors[field];
}
